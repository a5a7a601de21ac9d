import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { emptyInput, notification } from '../../schemas.ts';

/** The caller's 50 most recent notifications, newest activity first. */
export const listUserNotifications = endpoint({
  service: 'community',
  name: 'listUserNotifications',
  access: 'profile',
  input: emptyInput,
  output: z.object({ notifications: z.array(notification), unreadCount: z.number().int() }),
});
