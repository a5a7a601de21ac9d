import type { handleMailNotifications } from '@kring/contract';
import type { Handler } from '../lib/handler.ts';
import { sendNotificationMails } from './notification-mails.ts';

/** An admin's run by hand of what the scheduler runs every 15 minutes. */
export const handleMailNotificationsHandler: Handler<typeof handleMailNotifications> = ({ db }) =>
  sendNotificationMails(db);
