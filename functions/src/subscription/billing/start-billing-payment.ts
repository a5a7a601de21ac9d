import { randomUUID } from 'node:crypto';
import type { MembershipRow } from '../../accounts/memberships.repo.ts';
import type { PaymentPurpose } from '../../db/schema.ts';
import { config } from '../../lib/config.ts';
import type { Db } from '../../lib/db.ts';
import { ApiError, conflict } from '../../lib/errors.ts';
import { logs } from '../../lib/logs.ts';
import { claimPaymentStart, releasePaymentStart } from '../payment-starts.repo.ts';
import { listPayments, recordPayment } from '../payments.repo.ts';
import { refreshOpenPayment, subscriptionCustomerOf } from '../sync-payment.ts';
import { createBillingPayment } from './mollie-billing.ts';

/** What the caller wants paid now; throws (409) when nothing is to be paid any more. */
export type BillingWanted = () => Promise<{
  membership: MembershipRow;
  amount: { value: string; currency: string };
  /** An open payment of the same purpose made after this is handed out again. */
  since: Date;
}>;

/** As createSubscriptionInitialPayment: a claim older than this was abandoned; a second start waits this long. */
const startLeaseMs = 120_000;
const startWaitMs = 15_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts (or hands out again) a one-off iDEAL first payment on the customer the subscription lives
 * on, so its mandate belongs to the same customer and the subscription can move to it: 'Nu betalen'
 * (`missed_period`, the plan's amount) or a new payment method (`mandate`, 0.01). One start per
 * member at a time (the payment_starts claim, as the first payment): two tabs get one checkout. An
 * open one of the same purpose is re-checked at Mollie and handed out again while still open; when
 * it was paid meanwhile (its webhook not here yet) `wanted` is asked again, so a paid 'Nu betalen'
 * is not followed by a second checkout for the same period.
 */
export async function startBillingPayment(
  db: Db,
  uid: string,
  purpose: Exclude<PaymentPurpose, 'membership'>,
  wanted: BillingWanted,
): Promise<{ checkoutUrl: string; paymentId: string }> {
  const token = randomUUID();
  const deadline = Date.now() + startWaitMs;
  while (!(await claimPaymentStart(db, uid, token, startLeaseMs))) {
    if (Date.now() >= deadline) {
      logs.warn('payment start still busy; try again', { uid });
      throw new ApiError('UNAVAILABLE', 'PAYMENT_START_BUSY');
    }
    await sleep(100);
  }
  try {
    return await start(db, uid, purpose, wanted);
  } finally {
    await releasePaymentStart(db, uid, token);
  }
}

async function start(
  db: Db,
  uid: string,
  purpose: Exclude<PaymentPurpose, 'membership'>,
  wanted: BillingWanted,
): Promise<{ checkoutUrl: string; paymentId: string }> {
  let want = await wanted();
  const open = (await listPayments(db, uid))
    .filter((p) => p.purpose === purpose && p.status === 'open' && p.created_at >= want.since)
    .at(-1);
  if (open?.checkout_url) {
    const fresh = await refreshOpenPayment(db, open, { force: true });
    if (fresh.status === 'open' && fresh.checkout_url)
      return { checkoutUrl: fresh.checkout_url, paymentId: fresh.id };
    // Paid (or gone) meanwhile: what is still to be paid may have changed.
    want = await wanted();
  }
  const m = want.membership;
  const customerId = await subscriptionCustomerOf(db, m);
  if (!customerId) throw conflict('MEMBERSHIP_NOT_RENEWING');
  const what = purpose === 'missed_period' ? 'gemiste betaling' : 'nieuwe betaalmethode';
  const payment = await createBillingPayment({
    customerId,
    uid,
    purpose,
    amount: want.amount,
    description: `${config.price().description}: ${what}`,
  });
  const period = m.subscription_interval ?? config.price().interval;
  await recordPayment(db, uid, payment, period, { amountMismatch: false, now: new Date() });
  return { checkoutUrl: payment.checkoutUrl!, paymentId: payment.id };
}
