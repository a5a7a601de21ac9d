import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { threadId } from '../../schemas.ts';

/** Marks every message the caller received in a thread as read and clears its realtime counter. */
export const markThreadRead = endpoint({
  service: 'community',
  name: 'markThreadRead',
  access: 'profile',
  input: z.object({ threadId }),
  output: z.object({ unreadCount: z.number().int() }),
});
