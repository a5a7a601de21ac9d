import { config } from '../lib/config.ts';
import type { Db } from '../lib/db.ts';
import { buildAndDeliver } from '../lib/mail.ts';
import {
  claimSend,
  type MailRecipient,
  markSent,
  pendingRecipients,
  releaseClaim,
  takeUnmailed,
} from './mail.repo.ts';
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

/**
 * Claims (member, 'notifications', period) and takes the unmailed notifications in one transaction,
 * then sends. A claim already there means this period's mail went (or is going) out: nothing is sent.
 * A refused send gives the claim back, so the next run tries again.
 */
async function mailOne(db: Db, recipient: MailRecipient, periodKey: string): Promise<boolean> {
  const claimed = await db.transaction().execute(async (tx) => {
    const sendId = await claimSend(tx, { profileId: recipient.profileId, kind: 'notifications', periodKey });
    if (sendId === null) return null;
    return { sendId, notifications: await takeUnmailed(tx, recipient.profileId, recipient.kinds) };
  });
  if (!claimed) return false;
  const { sendId, notifications } = claimed;
  if (notifications.length === 0) {
    await releaseClaim(db, sendId, []);
    return false;
  }
  const ids = notifications.map((n) => n.id);
  const outcome = await buildAndDeliver('notification mail', { profileId: recipient.profileId, sendId }, () =>
    notificationMail(recipient, notifications),
  );
  if (outcome === 'sent') {
    await markSent(db, sendId, notifications.length);
    return true;
  }
  // It may have arrived: keep the claim (at most once), findable by its empty sent_at.
  if (outcome === 'unknown') return false;
  await releaseClaim(db, sendId, ids);
  return false;
}
