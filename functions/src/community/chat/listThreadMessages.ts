import { type listThreadMessages, validationMessages as m } from '@kring/contract';
import { notFound, validationError } from '../../lib/errors.ts';
import type { Handler } from '../../lib/handler.ts';
import { listMessages, parseThreadId, toMessage } from './chat.repo.ts';

export const listThreadMessagesHandler: Handler<typeof listThreadMessages> = async (
  { db, profileId },
  input,
) => {
  const thread = parseThreadId(input.threadId);
  if (!thread) throw validationError('threadId', m.invalid);
  // Someone else's thread answers like a missing one, so ids reveal nothing.
  if (thread.low !== profileId && thread.high !== profileId) throw notFound('THREAD_NOT_FOUND');
  const page = await listMessages(db, input.threadId, input.pageSize, input.cursor);
  return { messages: page.items.map(toMessage), nextCursor: page.nextCursor };
};
