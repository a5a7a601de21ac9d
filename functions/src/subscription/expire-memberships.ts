import {
  clearComp,
  compEnded,
  expiryCandidates,
  findMembership,
  lockMembership,
  markSubscriptionStopped,
  roleSyncPending,
  unstoppedExpired,
} from '../accounts/memberships.repo.ts';
import { appendAdminLog } from '../admin/admin-log.repo.ts';
import { config } from '../lib/config.ts';
import type { Db } from '../lib/db.ts';
import { ApiError } from '../lib/errors.ts';
import { logs } from '../lib/logs.ts';
import { sendDunningMails } from './dunning/send-dunning.ts';
import { syncMemberRole } from './member-role.ts';
import { cancelSubscriptionAtMollie, isRefusal } from './mollie.ts';
import { amsterdamDate } from './period.ts';
import { applyLifecycle, catchUpPayments, catchUpReversals, subscriptionCustomerOf } from './sync-payment.ts';

export interface ExpireResult {
  /** Memberships that expired in this run. */
  expired: string[];
  /** Role claims brought in line (this run's expiries and earlier failures). */
  rolesSynced: string[];
  /** Complimentary memberships whose date passed, ended in this run. */
  compsEnded: string[];
  /** Mollie subscriptions of expired memberships stopped in this run. */
  subscriptionsStopped: string[];
  /**
   * What went wrong, per member (`uid` '*' for the account-wide refund/chargeback check). 'catch-up-refused':
   * Mollie refused (4xx) to list one of the member's customers; 'catch-up-apply': Mollie refused a call
   * needed to apply one of the member's payments (e.g. a subscription cancel); in both the member's
   * other customers and payments were still caught up and the member processed.
   */
  failures: {
    uid: string;
    step:
      | 'catch-up'
      | 'catch-up-refused'
      | 'catch-up-apply'
      | 'expire'
      | 'comp'
      | 'role'
      | 'subscription'
      | 'reversals';
    error: string;
  }[];
  /** The run stopped at its time budget; the next run carries on with what is left. */
  stoppedEarly: boolean;
}

/** How many memberships one query of the sweep takes. */
const batchSize = 100;

/**
 * The hourly sweep. First refunds and chargebacks whose webhooks were lost (catchUpReversals), before
 * anything else so a run that runs out of time in the loop below never starves it (it is bounded:
 * two Mollie list calls and one fetch per payment with a reversal Kring has not asked about). Then
 * memberships whose access ended by `now` (canceled ones at expiresAt, renewing ones at the end of
 * their grace period) catch up on payments whose webhooks never arrived and become expired, each in
 * its own transaction with the same derivation as the webhook; then the outbox work: role claims back
 * to None, and the Mollie subscription of an expired membership canceled so nobody is charged without
 * access. Idempotent: a second run finds nothing to do. One member's failure never stops the others:
 * it is logged and listed in `failures`, and the next run picks it up (runExpiryJob then reports the
 * run as failed). `uids` narrows the sweep (tests share one database).
 */
export async function expireMemberships(
  db: Db,
  now: Date = new Date(),
  options: { uids?: string[]; batchSize?: number; deadline?: number } = {},
): Promise<ExpireResult> {
  const run = newSweep(options);
  // Money that went back on payments whose webhooks were lost (a chargeback of a renewal): found
  // through Mollie's account-wide refund and chargeback lists, first and whatever the time budget, so
  // a long expiry loop cannot starve it. Applying one does its own follow-ups (role claim,
  // subscription stop), as the webhook would.
  await catchUpLostReversals(db, now, run);
  await expireDue(db, now, run);
  await endCompsDue(db, now, run);
  await syncRoles(db, run);
  await stopExpiredSubscriptions(db, run);
  const { result } = run;
  if (result.expired.length || result.failures.length) logs.info('memberships expired', { ...result });
  return result;
}

/** One run of the sweep: what it did so far, how a step's failure is noted, and its time budget. */
interface Sweep {
  result: ExpireResult;
  uids: string[] | undefined;
  batchSize: number;
  failed: (
    uid: string,
    step: ExpireResult['failures'][number]['step'],
    error: unknown,
    o?: { logged?: boolean },
  ) => void;
  outOfTime: () => boolean;
}

function newSweep(options: { uids?: string[]; batchSize?: number; deadline?: number }): Sweep {
  const result: ExpireResult = {
    expired: [],
    rolesSynced: [],
    compsEnded: [],
    subscriptionsStopped: [],
    failures: [],
    stoppedEarly: false,
  };
  return {
    result,
    uids: options.uids,
    batchSize: options.batchSize ?? batchSize,
    failed: (uid, step, error, { logged = false } = {}) => {
      if (!logged) logs.error('membership expiry step failed; next run retries', { uid, step, error });
      result.failures.push({ uid, step, error: error instanceof Error ? error.message : String(error) });
    },
    outOfTime: () => options.deadline !== undefined && Date.now() >= options.deadline,
  };
}

async function catchUpLostReversals(db: Db, now: Date, run: Sweep): Promise<void> {
  try {
    const reversals = await catchUpReversals(db, now, run.uids);
    for (const uid of reversals.changed) {
      if ((await findMembership(db, uid))?.status === 'expired' && !run.result.expired.includes(uid)) {
        run.result.expired.push(uid);
      }
    }
    for (const { uid, error } of reversals.failures) run.failed(uid, 'reversals', error);
  } catch (error) {
    run.failed('*', 'reversals', error);
  }
}

/**
 * In uid order, one bounded batch at a time; each membership commits on its own, so a run cut off
 * by a timeout loses nothing and the next run finds the rest still due.
 */
async function expireDue(db: Db, now: Date, run: Sweep): Promise<void> {
  let after: string | undefined;
  for (;;) {
    const batch = await expiryCandidates(db, now, config.graceDays(), run.uids, {
      ...(after === undefined ? {} : { after }),
      limit: run.batchSize,
    });
    if (batch.length === 0) return;
    after = batch.at(-1);
    for (const uid of batch) {
      if (run.outOfTime()) {
        run.result.stoppedEarly = true;
        return;
      }
      if (!(await catchUpMember(db, uid, now, run))) continue;
      try {
        const afterChange = await db.transaction().execute((tx) => applyLifecycle(tx, uid, now));
        if (afterChange?.status === 'expired') run.result.expired.push(uid);
      } catch (error) {
        run.failed(uid, 'expire', error);
      }
    }
  }
}

/**
 * Asks Mollie for the member's payments whose webhooks may be lost. False when Mollie could not be
 * reached: not knowing whether a renewal was paid, the access stays for now.
 */
async function catchUpMember(db: Db, uid: string, now: Date, run: Sweep): Promise<boolean> {
  try {
    // Every customer is asked even when one is refused: another may hold a paid renewal.
    const { refusedCustomers, refusedPayments } = await catchUpPayments(db, uid, now);
    for (const { customerId, error } of refusedCustomers) {
      logs.error('MEMBERSHIP_EXPIRY_MOLLIE_REFUSED: Mollie refused a customer in the catch-up', {
        uid,
        customerId,
        error,
      });
      run.failed(uid, 'catch-up-refused', error, { logged: true });
    }
    // The payment is recorded as far as it got; the member's other payments were still applied.
    for (const { customerId, paymentId, error } of refusedPayments) {
      logs.error(
        'MEMBERSHIP_EXPIRY_MOLLIE_REFUSED: Mollie refused a call applying a payment in the catch-up',
        {
          uid,
          customerId,
          paymentId,
          error,
        },
      );
      run.failed(uid, 'catch-up-apply', error, { logged: true });
    }
  } catch (error) {
    if (error instanceof ApiError || !isRefusal(error)) {
      run.failed(uid, 'catch-up', error);
      return false;
    }
    // Mollie answered and refused something else of the member's (any 4xx): it will not tell us
    // about a payment, so the membership ends as its payments say (fail closed). The alert
    // matches MEMBERSHIP_EXPIRY_MOLLIE_REFUSED.
    logs.error('MEMBERSHIP_EXPIRY_MOLLIE_REFUSED: Mollie refused the catch-up; expiring anyway', {
      uid,
      error,
    });
    run.failed(uid, 'catch-up-refused', error, { logged: true });
  }
  return true;
}

/**
 * Complimentary memberships whose date has passed end (docs/admin.md): cleared with the role-sync
 * flag raised, so syncRoles below takes Member back unless a paid membership still gives access.
 */
async function endCompsDue(db: Db, now: Date, run: Sweep): Promise<void> {
  for (const uid of await compEnded(db, now, run.uids)) {
    try {
      if (await endComp(db, uid, now)) run.result.compsEnded.push(uid);
    } catch (error) {
      run.failed(uid, 'comp', error);
    }
  }
}

/**
 * One comp ended on its date, logged like the grant (`COMP_EXPIRED` with the kind and last day it
 * had, no admin and no reason), in one transaction under the membership's row lock. Checked again
 * under the lock: an admin who granted a new date since the sweep read it keeps that comp.
 */
async function endComp(db: Db, uid: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const membership = await lockMembership(tx, uid);
    if (!membership?.comp_kind || !membership.comp_until || membership.comp_until > now) return false;
    await clearComp(tx, uid, now);
    await appendAdminLog(tx, {
      actorUid: null,
      action: 'COMP_EXPIRED',
      subjectUid: uid,
      reason: null,
      // The last day, as the grant wrote it (comp_until is the next midnight in Amsterdam).
      details: {
        kind: membership.comp_kind,
        until: amsterdamDate(new Date(membership.comp_until.getTime() - 1)),
      },
    });
    return true;
  });
}

async function syncRoles(db: Db, run: Sweep): Promise<void> {
  for (const uid of await roleSyncPending(db, run.uids)) {
    try {
      await syncMemberRole(db, uid);
      run.result.rolesSynced.push(uid);
    } catch (error) {
      run.failed(uid, 'role', error);
    }
  }
}

/** The Mollie subscription of an expired membership is canceled, so nobody is charged without access. */
async function stopExpiredSubscriptions(db: Db, run: Sweep): Promise<void> {
  for (const m of await unstoppedExpired(db, run.uids)) {
    if (run.outOfTime()) {
      run.result.stoppedEarly = true;
      return;
    }
    try {
      const customerId = await subscriptionCustomerOf(db, m);
      if (customerId) await cancelSubscriptionAtMollie(customerId, m.mollie_subscription_id!);
      await markSubscriptionStopped(db, m.uid, m.mollie_subscription_id!, new Date());
      run.result.subscriptionsStopped.push(m.uid);
    } catch (error) {
      run.failed(m.uid, 'subscription', error);
    }
  }
}

/**
 * The scheduled run (scheduled.ts): the whole sweep, and then, if any step failed for anyone, an
 * error, so the run shows as failed (MEMBERSHIP_EXPIRY_FAILED) and the alert fires. Every member was
 * processed before that; the next hourly run retries what failed.
 */
export async function runExpiryJob(
  db: Db,
  now: Date,
  options: { uids?: string[]; deadline?: number } = {},
): Promise<ExpireResult> {
  const result = await expireMemberships(db, now, options);
  // Dunning mails due now (a reminder, the last mail once access ended, a failed-renewal mail a webhook missed).
  await sendDunningMails(db, now, options.uids);
  if (result.failures.length) {
    const steps = [...new Set(result.failures.map((f) => f.step))].join(', ');
    throw new Error(`MEMBERSHIP_EXPIRY_FAILED: ${result.failures.length} step(s) failed (${steps})`);
  }
  return result;
}
