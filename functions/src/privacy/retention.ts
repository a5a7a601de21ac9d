import { config } from '../lib/config.ts';
import type { Db } from '../lib/db.ts';
import { ApiError } from '../lib/errors.ts';
import { logs } from '../lib/logs.ts';
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
