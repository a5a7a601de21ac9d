import type { listUserNotifications } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import { listForRecipient, unreadCount } from './notifications.repo.ts';

/** The caller's 50 most recently active notifications and how many of all theirs are unread. */
export const listUserNotificationsHandler: Handler<typeof listUserNotifications> = async ({
  db,
  profileId,
}) => {
  const [notifications, unread] = await Promise.all([
    listForRecipient(db, profileId),
    unreadCount(db, profileId),
  ]);
  return { notifications, unreadCount: unread };
};
