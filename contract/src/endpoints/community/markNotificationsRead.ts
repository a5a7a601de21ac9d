import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { id } from '../../schemas.ts';

/** Marks the given notifications read, or all of them when `ids` is omitted; resets the unread counter. */
export const markNotificationsRead = endpoint({
  service: 'community',
  name: 'markNotificationsRead',
  access: 'profile',
  input: z.object({ ids: z.array(id).max(200).optional() }).default({}),
  output: z.object({ unreadCount: z.number().int() }),
});
