import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { limits } from '../../limits.ts';
import { id, message, threadId } from '../../schemas.ts';

/**
 * Messages of one thread, newest first, 20 a page. The next page's cursor is the id of the
 * last (20th) message of this one; only the two participants may read a thread.
 */
export const listThreadMessages = endpoint({
  service: 'community',
  name: 'listThreadMessages',
  access: 'profile',
  input: z.object({
    threadId,
    pageSize: z.number().int().min(1).max(limits.pageSizeMax).default(limits.threadPageSize),
    cursor: id.nullable().default(null),
  }),
  output: z.object({ messages: z.array(message), nextCursor: id.nullable() }),
});
