import { validationMessages as m, type markThreadRead } from '@kring/contract';
import { notFound, validationError } from '../../lib/errors.ts';
import type { Handler } from '../../lib/handler.ts';
import { markThreadMessagesRead, parseThreadId } from './chat.repo.ts';
import { publishChatUnread } from './chat-unread.ts';

export const markThreadReadHandler: Handler<typeof markThreadRead> = async ({ db, profileId }, input) => {
  const thread = parseThreadId(input.threadId);
  if (!thread) throw validationError('threadId', m.invalid);
  if (thread.low !== profileId && thread.high !== profileId) throw notFound('THREAD_NOT_FOUND');
  const exists = await db
    .transaction()
    .execute((tx) => markThreadMessagesRead(tx, input.threadId, profileId));
  if (!exists) return { unreadCount: 0 };
  // Published even when nothing changed: it heals a counter whose earlier write failed.
  const [mine] = await publishChatUnread(db, input.threadId, profileId);
  return { unreadCount: mine?.unreadCount ?? 0 };
};
