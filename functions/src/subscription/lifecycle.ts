import type { LifecycleFields, MembershipRow } from '../accounts/memberships.repo.ts';
import type { PaymentRow } from './payments.repo.ts';
import { addDays, addPeriod } from './period.ts';

type PaymentHistory = Pick<
  PaymentRow,
  | 'id'
  | 'sequence_type'
  | 'status'
  | 'paid_at'
  | 'failed_at'
  | 'created_at'
  | 'period'
  | 'amount_mismatch'
  | 'reversed_at'
  | 'purpose'
>[];
type MembershipFacts = Pick<
  MembershipRow,
  'status' | 'canceled_at' | 'expired_at' | 'subscription_stopped_at'
>;

const later = (a: Date | null, b: Date): Date => (a && a > b ? a : b);
/** A cycle starts with a first payment for the membership ('Nu betalen' and a new mandate do not start one). */
const startsCycle = (p: PaymentHistory[number]) => p.sequence_type === 'first' && p.purpose === 'membership';
/** What keeps a cycle going: the subscription's renewals and 'Nu betalen' for a period a renewal missed. */
const continuesCycle = (p: PaymentHistory[number]) =>
  p.sequence_type === 'recurring' || p.purpose === 'missed_period';

const byPaidAt = (a: PaymentHistory[number], b: PaymentHistory[number]) =>
  a.paid_at!.getTime() - b.paid_at!.getTime() || a.id.localeCompare(b.id);

/** The end of the paid periods, each bought on from the later of the previous end and its payment. */
function paidUntil(paid: PaymentHistory): Date {
  let expiresAt: Date | null = null;
  for (const p of paid) {
    // 'Nu betalen' pays the period the failed renewal missed: it follows on from the paid one.
    const from = p.purpose === 'missed_period' && expiresAt ? expiresAt : later(expiresAt, p.paid_at!);
    expiresAt = addPeriod(from, p.period);
  }
  return expiresAt!;
}

/**
 * When the latest renewal that failed after the last paid payment failed; a charged-back or refunded
 * renewal counts as a failed one, from when the money went back. Null without one.
 */
function lastFailureAfter(payments: PaymentHistory, paid: PaymentHistory): Date | null {
  const lastPaidCreated = Math.max(...paid.map((p) => p.created_at.getTime()));
  const failures = payments.filter(
    (p) =>
      ((p.sequence_type === 'recurring' && p.status === 'failed') ||
        (continuesCycle(p) && p.reversed_at !== null)) &&
      p.created_at.getTime() > lastPaidCreated,
  );
  return failures.reduce<Date | null>(
    (at, p) => later(at, p.reversed_at ?? p.failed_at ?? p.created_at),
    null,
  );
}

/**
 * The membership as it follows from the member's payments (Mollie's facts) and the two things only
 * Kring knows (the member canceled; Mollie confirmed the subscription stopped). Pure, so the webhook,
 * the status poll and the hourly job agree, and the result does not depend on the order in which
 * webhooks arrived or how often:
 * - each paid payment buys one period from the later of the running expiresAt and its paid date
 *   (payments are taken in paid-date order, so a late webhook for an earlier renewal changes nothing);
 * - subscribedAt is the paid date of the latest paid first payment (a new cycle after an expiry);
 *   renewedAt the latest paid renewal of that cycle;
 * - a renewal that failed after the last paid payment gives a grace period: access until graceDays
 *   after the later of expiresAt and the failure;
 * - a renewing membership (not canceled, subscription not stopped) keeps access until graceDays after
 *   expiresAt even without a failure: Mollie charges on the expiry date, a SEPA direct debit stays
 *   pending for days, and Mollie calls the webhook only once the payment is final;
 * - a canceled one ends exactly at expiresAt.
 */
export function deriveMembership(
  membership: MembershipFacts,
  payments: PaymentHistory,
  now: Date,
  graceDays: number,
): LifecycleFields {
  // A payment that only made a new mandate ('Betaalmethode wijzigen') buys nothing.
  const accepted = payments.filter(
    (p) => p.status === 'paid' && p.paid_at !== null && !p.amount_mismatch && p.purpose !== 'mandate',
  );
  // Money that went back (a full refund, a chargeback) buys nothing.
  const paid = accepted.filter((p) => p.reversed_at === null).sort(byPaidAt);

  // A refunded or charged-back first payment ends its cycle at once: the subscription stops too.
  const latestFirst = accepted.filter(startsCycle).sort(byPaidAt).at(-1);
  if (latestFirst?.reversed_at) {
    return {
      status: 'expired',
      subscribedAt: latestFirst.paid_at,
      renewedAt: null,
      canceledAt: null,
      expiresAt: latestFirst.reversed_at,
      expiredAt: (membership.status === 'expired' ? membership.expired_at : null) ?? now,
      graceUntil: null,
    };
  }

  if (paid.length === 0) {
    return {
      status: 'pending',
      subscribedAt: null,
      renewedAt: null,
      canceledAt: null,
      expiresAt: null,
      expiredAt: null,
      graceUntil: null,
    };
  }

  const ends = paidUntil(paid);

  const firsts = paid.filter(startsCycle);
  const subscribedAt = (firsts.at(-1) ?? paid[0]!).paid_at!;
  const renewals = paid.filter((p) => continuesCycle(p) && p.paid_at! >= subscribedAt);
  const renewedAt = renewals.at(-1)?.paid_at ?? null;

  const lastFailure = lastFailureAfter(payments, paid);
  const graceUntil = lastFailure ? addDays(later(ends, lastFailure), graceDays) : null;

  // A cancel or stop from before this cycle's first payment belongs to an earlier subscription.
  const inCycle = (at: Date | null) => (at && at >= subscribedAt ? at : null);
  const canceledAt = inCycle(membership.canceled_at);
  const renewing = canceledAt === null && inCycle(membership.subscription_stopped_at) === null;
  const accessUntil = renewing ? (graceUntil ?? addDays(ends, graceDays)) : ends;

  const hasAccess = accessUntil > now;
  return {
    status: hasAccess ? (renewing ? 'active' : 'canceled') : 'expired',
    subscribedAt,
    renewedAt,
    canceledAt,
    expiresAt: ends,
    expiredAt: hasAccess ? null : ((membership.status === 'expired' ? membership.expired_at : null) ?? now),
    graceUntil,
  };
}
