import { config } from '../lib/config.ts';
import type { Db } from '../lib/db.ts';
import { sendClaimedMail } from './claimed-mail.ts';
import { type MailRecipient, pendingRecipients, releaseClaim, takeUnmailed } from './mail.repo.ts';
import { notificationMail } from './notification-mail.ts';

/**
 * The period a moment falls in, named by its start: '2026-11-24T01:30:00.000Z'. A member gets at
 * most one notification mail per period (15 minutes; config.notificationMailPeriodSeconds).
 */
export const periodKeyOf = (now: Date): string => {
  const length = config.notificationMailPeriodSeconds() * 1000;
  return new Date(Math.floor(now.getTime() / length) * length).toISOString();
};

/**
 * Sends each member with new unread notifications (replies, and upvotes if they asked for them) one
 * grouped mail for the current 15-minute period. The scheduler and the admin's HTTP call both run
 * this; running it twice, or two runs at once, sends nobody a second mail (docs/mail.md).
 */
export async function sendNotificationMails(db: Db, now = new Date()): Promise<{ sent: number }> {
  const periodKey = periodKeyOf(now);
  const recipients = await pendingRecipients(db, now, config.graceDays());
  let sent = 0;
  for (const recipient of recipients) {
    if (await mailOne(db, recipient, periodKey)) sent++;
  }
  return { sent };
}

/** The member's mail of this period with their unmailed notifications (sendClaimedMail). */
const mailOne = (db: Db, recipient: MailRecipient, periodKey: string): Promise<boolean> =>
  sendClaimedMail(db, {
    what: 'notification mail',
    claim: { profileId: recipient.profileId, kind: 'notifications', periodKey },
    take: (tx) => takeUnmailed(tx, recipient.profileId, recipient.kinds),
    build: (notifications) => notificationMail(recipient, notifications),
    release: releaseClaim,
  });
