import type { handleMailNotifications } from '@kring/contract';
import type { Handler } from '../lib/handler.ts';
import { sendChatMails } from './chat-mails.ts';
import { sendNotificationMails } from './notification-mails.ts';

/** An admin's run by hand of what the scheduler runs every 15 minutes: notification and chat mails. */
export const handleMailNotificationsHandler: Handler<typeof handleMailNotifications> = async ({ db }) => {
  const now = new Date();
  const notifications = await sendNotificationMails(db, now);
  const chat = await sendChatMails(db, now);
  return { sent: notifications.sent + chat.sent };
};
