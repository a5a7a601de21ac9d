import { findMembership } from '../../accounts/memberships.repo.ts';
import type { DunningMailKind } from '../../db/schema.ts';
import type { Db } from '../../lib/db.ts';
import { logs } from '../../lib/logs.ts';
import { buildAndDeliver } from '../../lib/mail.ts';
import {
  claimDunningMail,
  dunningCandidates,
  dunningRecipient,
  markDunningMailSent,
  releaseDunningMail,
} from '../billing/billing.repo.ts';
import { listPayments } from '../payments.repo.ts';
import { dunningMail } from './dunning-mail.ts';
import { dunningOf } from './dunning-state.ts';

/**
 * Sends the dunning mail that is due for the member now, if it was not sent before: the claim
 * (member, kind, failed payment) is taken first, so a retried webhook, a second webhook and the hourly
 * job send it once between them. A mail server that refuses gives the claim back (the next run tries
 * again); a broken connection after handing it over keeps it (at most once), as the digest does.
 * Returns the kind sent, or null. Never throws for mail trouble.
 */
export async function sendDunningMail(db: Db, uid: string, now: Date): Promise<DunningMailKind | null> {
  const m = await findMembership(db, uid);
  const dunning = m ? dunningOf(m, await listPayments(db, uid), now) : null;
  if (!dunning) return null;
  const recipient = await dunningRecipient(db, uid);
  if (!recipient?.email) return null;
  const claim = { uid, kind: dunning.due, paymentId: dunning.failed.id };
  const id = await claimDunningMail(db, claim);
  if (id === null) return null;
  const outcome = await buildAndDeliver('dunning mail', claim, () =>
    dunningMail({
      kind: dunning.due,
      email: recipient.email!,
      firstName: recipient.first_name,
      reasonCode: dunning.failed.failure_reason,
      amount: { value: dunning.failed.amount_value, currency: dunning.failed.amount_currency },
      accessUntil: dunning.accessUntil,
    }),
  );
  if (outcome === 'sent') await markDunningMailSent(db, id);
  else if (outcome === 'refused') await releaseDunningMail(db, id);
  return outcome === 'sent' ? dunning.due : null;
}

/** The webhook's call site: a failure here must not fail the webhook (the hourly job tries again). */
export async function sendDunningMailQuietly(db: Db, uid: string, now: Date): Promise<void> {
  try {
    await sendDunningMail(db, uid, now);
  } catch (error) {
    logs.warn('dunning mail check failed; the hourly job tries again', { uid, error });
  }
}

/** The hourly job's part: every member who may be owed a dunning mail (ended ones up to 3 days back). */
export async function sendDunningMails(
  db: Db,
  now: Date,
  uids?: string[],
): Promise<{ sent: { uid: string; kind: DunningMailKind }[]; failed: string[] }> {
  const result: { sent: { uid: string; kind: DunningMailKind }[]; failed: string[] } = {
    sent: [],
    failed: [],
  };
  for (const uid of await dunningCandidates(db, now, 3, uids)) {
    try {
      const kind = await sendDunningMail(db, uid, now);
      if (kind) result.sent.push({ uid, kind });
    } catch (error) {
      logs.error('dunning mail step failed', { uid, error });
      result.failed.push(uid);
    }
  }
  return result;
}
