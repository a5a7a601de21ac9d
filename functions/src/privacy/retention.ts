import { eraseUnneededEvidence } from '../community/moderation/reports.repo.ts';
import { config } from '../lib/config.ts';
import type { Db } from '../lib/db.ts';
import { ApiError } from '../lib/errors.ts';
import { logs } from '../lib/logs.ts';
import { deleteSendsClaimedBefore } from '../mail/mail.repo.ts';
import { deleteCustomerAtMollie } from '../subscription/mollie.ts';
import { customersOfPayments } from '../subscription/payments.repo.ts';
import { membershipsPastRetention, removeMembershipDetails } from './privacy.repo.ts';

/**
 * The retention sweep (docs/privacy.md): the personal details of a membership that ended more than
 * MEMBERSHIP_RETENTION_MONTHS ago (default 24) are removed, and so is the member's Mollie customer
 * (name and e-mail address there). Payment rows stay: they are financial records. In uid order, in
 * bounded batches; a member whose Mollie customer cannot be deleted right now is left for the next run.
 */
export async function removeEndedMemberships(
  db: Db,
  now: Date = new Date(),
  options: { uids?: string[]; batchSize?: number; deadline?: number } = {},
): Promise<{ removed: string[]; skipped: string[] }> {
  const months = config.retentionMonths();
  const removed: string[] = [];
  const skipped: string[] = [];
  let after: string | undefined;
  for (;;) {
    const batch = await membershipsPastRetention(db, now, months, {
      limit: options.batchSize ?? 100,
      ...(after === undefined ? {} : { after }),
      ...(options.uids ? { uids: options.uids } : {}),
    });
    if (batch.length === 0) break;
    after = batch.at(-1)!.uid;
    for (const m of batch) {
      if (options.deadline !== undefined && Date.now() >= options.deadline) return { removed, skipped };
      try {
        const customers = new Set(await customersOfPayments(db, m.uid));
        if (m.mollie_customer_id) customers.add(m.mollie_customer_id);
        for (const customerId of customers) await deleteCustomerAtMollie(customerId);
      } catch (error) {
        if (!(error instanceof ApiError))
          logs.error('retention: Mollie customer not deleted', { uid: m.uid, error });
        skipped.push(m.uid);
        continue;
      }
      if (await removeMembershipDetails(db, m.uid, now, months)) removed.push(m.uid);
    }
  }
  if (removed.length || skipped.length) logs.info('retention sweep', { removed: removed.length, skipped });
  return { removed, skipped };
}

/**
 * How long a mail_sends claim is kept (docs/mail.md "Retention"). A claim only has to outlive the runs
 * that could send its mail again: a notification claim its 15-minute period, a digest claim its ISO
 * week and the retries of that week's batches (Cloud Tasks: 5 attempts within about an hour; the
 * scheduler's 3 retries and an admin's run: the same week). 90 days is far beyond both, and leaves
 * operators a quarter of mail log (including the claims whose mail may not have arrived).
 */
export const MAIL_SENDS_RETENTION_DAYS = 90;

/** Deletes the mail claims older than MAIL_SENDS_RETENTION_DAYS (about 1,700 rows a day at 10,000 members). */
export async function removeOldMailSends(db: Db, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - MAIL_SENDS_RETENTION_DAYS * 86_400_000);
  const removed = await deleteSendsClaimedBefore(db, cutoff);
  if (removed) logs.info('retention: old mail claims removed', { removed, cutoff: cutoff.toISOString() });
  return removed;
}

/**
 * How long a copy of reported content whose author deleted their account is kept at most
 * (docs/privacy.md "Reported content"): normally until a moderator handles the report, which erases
 * it at once; this limit ends the legitimate interest for a report nobody handled in 90 days.
 */
export const REPORT_EVIDENCE_RETENTION_DAYS = 90;

/** Erases kept evidence whose report was handled (or went) and any kept longer than the limit. */
export async function removeReportEvidence(db: Db, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - REPORT_EVIDENCE_RETENTION_DAYS * 86_400_000);
  const removed = await eraseUnneededEvidence(db, cutoff);
  if (removed) logs.info('retention: reported content of deleted accounts erased', { removed });
  return removed;
}
