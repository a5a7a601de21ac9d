import type { listUserNotifications } from '@kring/contract';
import { z } from 'zod';
import type { Handler } from '../../lib/handler.ts';
import { decodeCursor, encodeCursor, timestampKey } from '../shared/cursor.ts';
import { listForRecipient, NOTIFICATIONS_LISTED, unreadCount } from './notifications.repo.ts';

const notificationKey = z.object({ updatedAt: timestampKey, id: z.number().int().positive() });

/**
 * The caller's notifications by last activity (50, or a page of `pageSize` after `cursor`) and how
 * many of all theirs are unread. A notification with new activity moves to the top, so one may
 * show on two pages (the page with all notifications shows it once, by id).
 */
export const listUserNotificationsHandler: Handler<typeof listUserNotifications> = async (
  { db, profileId },
  input,
) => {
  const after = input.cursor ? decodeCursor(input.cursor, notificationKey) : null;
  const limit = input.pageSize ?? NOTIFICATIONS_LISTED;
  const [rows, unread] = await Promise.all([
    listForRecipient(db, profileId, { after, limit: limit + 1 }),
    unreadCount(db, profileId),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    notifications: page.map((r) => r.notification),
    unreadCount: unread,
    nextCursor:
      rows.length > limit && last
        ? encodeCursor({ updatedAt: last.updatedKey, id: last.notification.id })
        : null,
  };
};
