import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { cursor, notification } from '../../schemas.ts';

/**
 * The caller's notifications, most recent activity first: 50 without a page size (the bell's
 * popover, spec 7's `{}`), or `pageSize` of them from `cursor` on (the page with all notifications).
 * `nextCursor` is null at the end.
 */
export const listUserNotifications = endpoint({
  service: 'community',
  name: 'listUserNotifications',
  access: 'profile',
  input: z.object({ cursor, pageSize: z.number().int().min(1).max(50).optional() }).default({ cursor: null }),
  output: z.object({
    notifications: z.array(notification),
    unreadCount: z.number().int(),
    nextCursor: z.string().nullable(),
  }),
});
