import {
  findMembership,
  findMembershipByCustomer,
  findMembershipBySubscription,
  grantsAccess,
  lockMembership,
  type MembershipRow,
  markCanceled,
  markNotRenewing,
  markSubscriptionStopped,
  setCustomer,
  setSubscription,
  writeLifecycle,
} from '../accounts/memberships.repo.ts';
import { config } from '../lib/config.ts';
import type { Db, Tx } from '../lib/db.ts';
import { ApiError } from '../lib/errors.ts';
import { logs } from '../lib/logs.ts';
import { billingFollowUps } from './billing/follow-ups.ts';
import { issueDocuments } from './invoices/issue.ts';
import { deriveMembership } from './lifecycle.ts';
import { syncMemberRole } from './member-role.ts';
import {
  cancelSubscriptionAtMollie,
  chargebackReason,
  ensureSubscription,
  fetchPayment,
  isRefusal,
  listCustomerPayments,
  listPaymentRefunds,
  listRecentReversals,
  type RefundFacts,
  type Reversal,
} from './mollie.ts';
import {
  cents,
  claimStatusCheck,
  customersOfPayments,
  findPayment,
  findPayments,
  isFinalStatus,
  isReversed,
  linkSubscription,
  listPayments,
  markChecked,
  type PaymentFacts,
  type PaymentRow,
  paymentsOfSubscription,
  recordPayment,
  setPaymentCustomer,
} from './payments.repo.ts';
import { addPeriod, amsterdamDate } from './period.ts';
import { setMembershipPlan } from './plans/plans.repo.ts';
import {
  hasCountingRefund,
  mergeRefunds,
  refundCounts,
  refundsOfPayment,
  storeRefundStatuses,
} from './refunds/refunds.repo.ts';

const hasLiveSubscription = (m: MembershipRow) =>
  m.mollie_subscription_id !== null && m.subscription_stopped_at === null;

/**
 * The user a Mollie payment belongs to: our own row; else the member whose Mollie customer paid or
 * whose subscription charged; else the `uid` we put in the metadata. The fallbacks matter for a
 * membership that points at another customer than the one paying (left by the old start race, when a
 * second attempt overwrote the customer): such a payment is still the member's, never ignored.
 */
async function ownerOf(db: Db, payment: PaymentFacts): Promise<string | null> {
  const row = await findPayment(db, payment.id);
  if (row) return row.uid;
  const byCustomer = payment.customerId && (await findMembershipByCustomer(db, payment.customerId));
  if (byCustomer) return byCustomer.uid;
  const bySubscription =
    payment.subscriptionId && (await findMembershipBySubscription(db, payment.subscriptionId));
  if (bySubscription) return bySubscription.uid;
  return payment.metadataUid;
}

/**
 * The Mollie customer the membership must point at after this payment (null: leave it): the
 * customer of the member's subscription when the payment belongs to it, and else the customer of a
 * paid first payment unless a live subscription lives elsewhere. The customer always follows the
 * money: renewals come from it, catch-up and cancel address it.
 */
function customerToStore(m: MembershipRow, p: PaymentFacts, linked: string | null): string | null {
  if (!p.customerId) return null;
  const sub = m.mollie_subscription_id;
  if (sub && (p.subscriptionId === sub || linked === sub)) return p.customerId;
  if (p.sequenceType === 'first' && p.status === 'paid' && !hasLiveSubscription(m)) return p.customerId;
  return null;
}

/**
 * Whether a payment we did not make ourselves (a renewal, or one found through the customer) has the
 * member's plan amount and currency: the amount of their earlier accepted payments, else today's
 * price. A first payment Kring made was recorded when it was made, with the price Kring asked.
 */
function isPlanAmount(p: PaymentFacts, history: PaymentRow[], m: MembershipRow): boolean {
  // The price the member's plan charges (0012); the amount of earlier payments for older memberships.
  if (m.price_cents !== null && p.amount.currency === 'EUR' && cents(p.amount.value) === m.price_cents)
    return true;
  // The 0.01 of a new payment method ('mandate') is no plan amount.
  const plan = history
    .filter((h) => !h.amount_mismatch && h.status === 'paid' && h.purpose !== 'mandate')
    .at(-1);
  const expected = plan
    ? { value: plan.amount_value, currency: plan.amount_currency }
    : { value: config.price().value, currency: config.price().currency };
  return (
    p.amount.currency === expected.currency &&
    Math.round(Number(p.amount.value) * 100) === Math.round(Number(expected.value) * 100)
  );
}

/** A paid first payment for a membership starts a subscription, once: not again for a repeated webhook or a canceled cycle. */
function needsSubscription(
  m: MembershipRow,
  p: PaymentFacts,
  row: PaymentRow | undefined,
  amountMismatch: boolean,
): boolean {
  return (
    p.sequenceType === 'first' &&
    // 'Nu betalen' and a new payment method are first payments too, but start no subscription.
    p.purpose === 'membership' &&
    p.status === 'paid' &&
    !isReversed(p) &&
    !amountMismatch &&
    p.paidAt !== null &&
    p.mandateId !== null &&
    p.customerId !== null &&
    !row?.mollie_subscription_id &&
    !hasLiveSubscription(m) &&
    !(m.canceled_at && m.canceled_at >= p.paidAt)
  );
}

/**
 * Brings Kring in line with one Mollie payment: the webhook, the payment page's poll and the
 * start-payment call all come here. Always asks Mollie (webhooks are unsigned: the posted id is only a
 * hint), then derives the membership from the whole payment history in one transaction holding the
 * membership row lock, so repeats and out-of-order deliveries end in the same state. Mollie calls run
 * outside the transaction; when Mollie is unreachable an ApiError UNAVAILABLE leaves the database
 * untouched and Mollie's retry does the whole thing again.
 */
export async function syncPayment(db: Db, paymentId: string, now = new Date()): Promise<void> {
  const payment = await fetchPayment(paymentId);
  if (!payment) {
    logs.info('webhook for a payment Mollie does not know; ignored', { paymentId });
    return;
  }
  await applyPayment(db, payment, now);
}

/**
 * The statuses of the payment's refunds (Mollie calls the payment's webhook when one changes), for the
 * documents, the history and the admin's member page: asked whenever Mollie holds refunds of the
 * payment (a failed one too: a refund Kring never stored, read here after it failed, must be stored
 * `failed` so an older read committing later cannot count it), or money went back, or a refund Kring
 * holds counts; payments without refunds cost no extra call. Null when not asked.
 */
async function listedRefunds(db: Db, payment: PaymentFacts): Promise<RefundFacts[] | null> {
  const asked = payment.hasRefunds || cents(payment.amountRefunded) > 0;
  if (!asked && !(await hasCountingRefund(db, payment.id))) return null;
  return listPaymentRefunds(payment.id);
}

/**
 * Mollie's answer with `amountRefunded` counted from the refunds Kring holds merged with the listed
 * ones, each refund's status only moving forward (refunds.repo.ts). Mollie counts every refund but
 * failed and canceled, and so does this; but an answer older than what is stored (a webhook that read
 * Mollie before a refund failed, committing after the one that read it after) can neither count the
 * failed refund again nor drop a refund it did not know of yet. The payment row, the membership and
 * the documents (a creditnota, a herstelfactuur) follow this amount, so they are issued once.
 */
async function withHeldRefunds(tx: Tx, payment: PaymentFacts, listed: RefundFacts[] | null) {
  const refunds = mergeRefunds(await refundsOfPayment(tx, payment.id), listed ?? []);
  if (refunds.length === 0) return payment;
  const total = refunds.filter(refundCounts).reduce((sum, r) => sum + r.amount_cents, 0);
  return { ...payment, amountRefunded: (total / 100).toFixed(2) };
}

/** Whether Mollie's view of a payment differs from our row in anything the membership follows from. */
const differsFrom = (row: PaymentRow | undefined, p: PaymentFacts): boolean =>
  !row ||
  row.status !== p.status ||
  cents(row.amount_refunded) !== cents(p.amountRefunded) ||
  cents(row.amount_charged_back) !== cents(p.amountChargedBack);

export interface CatchUpResult {
  /** Customers Mollie refused to list (4xx, e.g. deleted in the dashboard): their payments stay unknown. */
  refusedCustomers: { customerId: string; error: unknown }[];
  /**
   * Payments that could not be applied because Mollie refused a call it needed (4xx, e.g. the
   * subscription cancel of a membership that ended): the member's other payments were still applied.
   */
  refusedPayments: { customerId: string; paymentId: string; error: unknown }[];
}

/**
 * Before the hourly job ends someone's access: payments Mollie has finished but we never heard of
 * (every webhook attempt lost) are applied first, so a paid renewal is never missed; and so is money
 * that went back on a payment we hold as paid (a refund or chargeback: the status stays `paid`, only
 * `amountRefunded` / `amountChargedBack` change). Every customer of the member is asked and every
 * payment applied on its own, whatever another one answered: a refusal (4xx) while listing a customer
 * or applying a payment is reported in the result, and when Mollie could not be reached (or anything
 * else failed) for one of them this throws after the others are done, and the job then leaves the
 * membership for the next run.
 */
export async function catchUpPayments(db: Db, uid: string, now: Date): Promise<CatchUpResult> {
  const result: CatchUpResult = { refusedCustomers: [], refusedPayments: [] };
  const membership = await findMembership(db, uid);
  if (!membership) return result;
  // Every customer the member paid on (oldest first): the subscription's may differ from the stored one.
  const customers = new Set(await customersOfPayments(db, uid));
  for (const id of [membership.mollie_customer_id, await subscriptionCustomerOf(db, membership)]) {
    if (id) customers.add(id);
  }
  const known = new Map((await listPayments(db, uid)).map((p) => [p.id, p]));
  let unreachable: unknown = null;
  const refused = (error: unknown) => !(error instanceof ApiError) && isRefusal(error);
  for (const customerId of customers) {
    let payments: PaymentFacts[];
    try {
      payments = await listCustomerPayments(customerId);
    } catch (error) {
      if (refused(error)) result.refusedCustomers.push({ customerId, error });
      else unreachable ??= error;
      continue;
    }
    for (const payment of payments) {
      if (!isFinalStatus(payment.status) || !differsFrom(known.get(payment.id), payment)) continue;
      try {
        await applyPayment(db, payment, now);
      } catch (error) {
        if (refused(error)) result.refusedPayments.push({ customerId, paymentId: payment.id, error });
        else unreachable ??= error;
      }
    }
  }
  if (unreachable) throw unreachable;
  return result;
}

/**
 * Refund statuses that count as money gone back (Mollie's statuses): `pending` (sent to the bank the
 * next business day), `processing` and `refunded`. Not `queued` (waiting for balance; often canceled
 * before it is sent), nor `failed` or `canceled` (no money went back).
 */
const refundTookMoney = new Set(['pending', 'processing', 'refunded']);

/**
 * When a listed reversal last changed the money on its payment, or null when it did not: a refund that
 * took money, at its creation; a chargeback at its creation, or at its reversal when the bank reversed
 * it (the money came back, which a lost webhook would leave us not knowing either).
 */
function changedMoneyAt(r: Reversal): Date | null {
  if (r.kind === 'refund') return refundTookMoney.has(r.status) ? r.createdAt : null;
  return r.reversedAt ?? r.createdAt;
}

/**
 * Money that went back on payments whose webhooks never reached us, found through Mollie's
 * account-wide lists of recent refunds and chargebacks (one page of each, newest first). A payment is
 * fetched when one of its listed reversals happened after Kring last asked Mollie about it
 * (payments.checked_at: every webhook, poll and catch-up sets it) and applied when Mollie's
 * amountRefunded / amountChargedBack differ from our row, with the money going back at the time of
 * that reversal, as its webhook would have. The amounts compared are the payment's own, never sums
 * of the listed page, so an earlier refund that dropped off the page fools nothing; and each listed
 * reversal is asked about once (checked_at moves on after the fetch, whatever came of it: nothing
 * changed, or the membership is gone). Without it a lost chargeback of a renewal would count as paid
 * for the whole period it bought. Costs two Mollie calls an hour when nothing happened.
 * `uids` narrows it to those members (tests share one database). Each payment on its own: one that
 * fails is reported and the rest still applied. Throws only when Mollie's lists cannot be had.
 */
export async function catchUpReversals(
  db: Db,
  now: Date,
  uids?: string[],
): Promise<{ changed: string[]; failures: { uid: string; error: unknown }[] }> {
  const latest = new Map<string, Date>();
  for (const r of await listRecentReversals()) {
    const at = changedMoneyAt(r);
    const seen = latest.get(r.paymentId);
    if (at && (!seen || at > seen)) latest.set(r.paymentId, at);
  }
  const result: { changed: string[]; failures: { uid: string; error: unknown }[] } = {
    changed: [],
    failures: [],
  };
  // Most listed payments are Kring's own ones it already knows about: their rows in one query.
  const rows = new Map((await findPayments(db, [...latest.keys()])).map((row) => [row.id, row]));
  for (const [paymentId, at] of latest) {
    const row = rows.get(paymentId);
    if (!row || (uids && !uids.includes(row.uid))) continue;
    // Kring asked Mollie about this payment after the reversal: its webhook (or an earlier run) told us.
    if (at <= row.checked_at) continue;
    const asked = new Date();
    try {
      const payment = await fetchPayment(paymentId);
      if (payment && differsFrom(row, payment) && (await applyPayment(db, payment, now, at))) {
        logs.warn('money went back on a payment without its webhook reaching us; applied', {
          uid: row.uid,
          paymentId,
        });
        result.changed.push(row.uid);
      }
      await markChecked(db, paymentId, asked);
    } catch (error) {
      result.failures.push({ uid: row.uid, error });
    }
  }
  return result;
}

/**
 * The Mollie customer the member's subscription lives on, where cancel must go: the customer of the
 * subscription's payments (asked from Mollie for rows recorded before payments.customer_id), else
 * the stored one. When they differ (the old start race) the stored customer is repaired.
 */
export async function subscriptionCustomerOf(db: Db, m: MembershipRow): Promise<string | null> {
  const subscriptionId = m.mollie_subscription_id;
  if (!subscriptionId) return m.mollie_customer_id;
  let customerId: string | null = null;
  for (const p of await paymentsOfSubscription(db, m.uid, subscriptionId)) {
    if (p.customer_id) {
      customerId = p.customer_id;
      break;
    }
    customerId = (await fetchPayment(p.id))?.customerId ?? null;
    if (customerId) {
      await setPaymentCustomer(db, p.id, customerId);
      break;
    }
  }
  if (!customerId) return m.mollie_customer_id;
  if (customerId !== m.mollie_customer_id) {
    logs.warn('membership pointed at another Mollie customer than its subscription; repaired', {
      uid: m.uid,
      stored: m.mollie_customer_id,
      customerId,
    });
    await setCustomer(db, m.uid, customerId, subscriptionId);
  }
  return customerId;
}

/**
 * A charged-back payment (a storno) carries no return code itself: Mollie gives it on the chargeback.
 * Asked once, when we do not hold a reason yet. Mollie unreachable: UNAVAILABLE (the webhook is
 * retried); Mollie refusing: the reason stays unknown (the mail then uses the general sentence).
 */
async function withChargebackReason(
  payment: PaymentFacts,
  row: PaymentRow | undefined,
): Promise<PaymentFacts> {
  if (cents(payment.amountChargedBack) === 0 || payment.failureReason || row?.failure_reason) return payment;
  try {
    return { ...payment, failureReason: await chargebackReason(payment.id) };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    logs.warn('chargeback reason not available', { paymentId: payment.id, error });
    return payment;
  }
}

/**
 * The Mollie subscription a paid first payment starts, charged when the paid-for period ends.
 * `notRenewing` when Mollie refused it (4xx): that will not change on retry, so the paid period
 * stays and the membership ends without renewals. Mollie unreachable throws (the webhook retries).
 */
async function subscriptionFor(
  uid: string,
  payment: PaymentFacts,
  period: string,
): Promise<{ subscription: { id: string; interval: string } | null; notRenewing: boolean }> {
  try {
    const subscription = await ensureSubscription({
      uid,
      customerId: payment.customerId!,
      mandateId: payment.mandateId!,
      firstPaymentId: payment.id,
      // Mollie's "today" is an Amsterdam date.
      startDate: amsterdamDate(addPeriod(payment.paidAt!, period)),
      interval: period,
      amount: payment.amount,
    });
    return { subscription, notRenewing: false };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    logs.error('Mollie refused the subscription; the membership will not renew', { uid, error });
    return { subscription: null, notRenewing: true };
  }
}

/** The subscription made for a paid first payment: on its row, and the membership's unless another one lives. */
async function storeSubscription(
  tx: Tx,
  uid: string,
  payment: PaymentFacts,
  subscription: { id: string; interval: string },
): Promise<void> {
  await linkSubscription(tx, payment.id, subscription.id);
  const current = (await lockMembership(tx, uid))!;
  if (!hasLiveSubscription(current) || current.mollie_subscription_id === subscription.id) {
    await setSubscription(tx, uid, {
      subscriptionId: subscription.id,
      interval: subscription.interval,
      mandateId: payment.mandateId,
    });
  }
}

/**
 * `reversedAt`: when money went back on it, if known (else `now`, when we learn of it). True when the
 * payment was recorded; false when it belongs to no Kring membership (never was, or the retention
 * sweep removed it) and nothing was written.
 */
async function applyPayment(db: Db, reported: PaymentFacts, now: Date, reversedAt?: Date): Promise<boolean> {
  const paymentId = reported.id;
  const uid = await ownerOf(db, reported);
  const membership = uid ? await findMembership(db, uid) : undefined;
  if (!uid || !membership) {
    logs.warn('Mollie payment of no Kring membership; ignored', {
      paymentId,
      customerId: reported.customerId,
    });
    return false;
  }
  const row = await findPayment(db, paymentId);
  const payment = await withChargebackReason(reported, row);
  const listed = await listedRefunds(db, payment);
  // What this payment buys: fixed when we created it; a renewal buys one period of its subscription.
  const period = row?.period ?? membership.subscription_interval ?? config.price().interval;

  // Decided once, for a payment not recorded yet (a recorded one keeps its flag).
  const amountMismatch = row
    ? row.amount_mismatch
    : !isPlanAmount(payment, await listPayments(db, uid), membership);
  // A complimentary membership runs (docs/admin.md: a checkout opened before the grant, paid after
  // it): the paid period is the member's, but nothing may renew, as when the member cancelled first.
  const { subscription, notRenewing } = needsSubscription(membership, payment, row, amountMismatch)
    ? membership.comp_kind !== null
      ? { subscription: null, notRenewing: true }
      : await subscriptionFor(uid, payment, period)
    : { subscription: null, notRenewing: false };

  const recorded = await db.transaction().execute(async (tx) => {
    if (!(await lockMembership(tx, uid))) return null;
    const facts = await withHeldRefunds(tx, payment, listed);
    if (!row && amountMismatch && payment.status === 'paid') {
      logs.error('PAYMENT_AMOUNT_MISMATCH: a paid payment is not the plan amount; it buys nothing', {
        uid,
        paymentId,
        amount: payment.amount,
        expected: config.price(),
      });
    }
    await recordPayment(tx, uid, facts, period, {
      amountMismatch: !row && amountMismatch,
      now,
      ...(reversedAt ? { reversedAt } : {}),
      // A renewal pays for the member's plan; a first payment's plan was recorded when it was made.
      planId: row?.plan_id ?? (payment.sequenceType === 'recurring' ? membership.plan_id : null),
    });
    if (listed) await storeRefundStatuses(tx, paymentId, listed);
    if (row?.plan_id && payment.sequenceType === 'first' && payment.status === 'paid' && !amountMismatch) {
      await setMembershipPlan(tx, uid, row.plan_id, cents(payment.amount.value));
    }
    if (subscription) await storeSubscription(tx, uid, payment, subscription);
    if (notRenewing) await markNotRenewing(tx, uid, now);
    const linked = subscription?.id ?? row?.mollie_subscription_id ?? null;
    const customerId = customerToStore((await lockMembership(tx, uid))!, payment, linked);
    if (customerId) await setCustomer(tx, uid, customerId);
    await applyLifecycle(tx, uid, now);
    // A comp granted while this webhook asked Mollie for the subscription: it must not charge either.
    // Ended as a cancellation of this cycle; settleMembership below stops it at Mollie after the commit.
    if (subscription && (await lockMembership(tx, uid))!.comp_kind !== null) {
      await markCanceled(tx, uid, now);
      await applyLifecycle(tx, uid, now);
    }
    // The factuur of a paid payment, a creditnota for money that went back (same transaction: gapless).
    await issueDocuments(tx, uid, payment.id, now);
    return facts;
  });
  if (!recorded) return false;
  await settleMembership(db, uid);
  // Issue 24 part B: a new mandate moves the subscription; a failed renewal mails (docs/payments.md).
  await billingFollowUps(db, uid, recorded, now);
  return true;
}

/** Re-derives the locked membership from its payments and writes it; raises the role flag on a change of access. */
export async function applyLifecycle(tx: Tx, uid: string, now: Date): Promise<MembershipRow | undefined> {
  const m = await lockMembership(tx, uid);
  if (!m) return undefined;
  const derived = deriveMembership(m, await listPayments(tx, uid), now, config.graceDays());
  await writeLifecycle(tx, uid, derived, grantsAccess(m.status) !== grantsAccess(derived.status));
  return lockMembership(tx, uid);
}

/**
 * The follow-ups that need other services, after the transaction: stop the Mollie subscription of a
 * membership that no longer renews, and let the role claim follow access. Safe to repeat; a failure
 * answers 503 so the webhook is retried, and the hourly job retries whatever is still pending.
 */
export async function settleMembership(db: Db, uid: string): Promise<void> {
  const m = await findMembership(db, uid);
  if (!m) return;
  const ended = m.status === 'canceled' || m.status === 'expired';
  const customerId = ended && hasLiveSubscription(m) ? await subscriptionCustomerOf(db, m) : null;
  if (customerId) {
    await cancelSubscriptionAtMollie(customerId, m.mollie_subscription_id!);
    await markSubscriptionStopped(db, uid, m.mollie_subscription_id!, new Date());
  }
  try {
    await syncMemberRole(db, uid);
  } catch (error) {
    logs.error('role claim not updated; will retry', { uid, error });
    throw new ApiError('UNAVAILABLE', 'ROLE_SYNC_FAILED');
  }
}

/** How stale an open payment's status may be before a poll asks Mollie again. */
export const statusRefreshMs = 4000;

/**
 * If the payment is still open here, ask Mollie, so the page moves on even when a webhook is lost or
 * late: for the payment page's poll at most every few seconds, with `force` every time (before handing
 * out its checkout again). Failures only log; the stored status stands.
 */
export async function refreshOpenPayment(
  db: Db,
  row: PaymentRow,
  { force = false } = {},
): Promise<PaymentRow> {
  if (isFinalStatus(row.status)) return row;
  if (!force && !(await claimStatusCheck(db, row.id, statusRefreshMs))) return row;
  try {
    await syncPayment(db, row.id);
  } catch (error) {
    logs.warn('payment status refresh failed', { paymentId: row.id, error });
  }
  return (await findPayment(db, row.id)) ?? row;
}
