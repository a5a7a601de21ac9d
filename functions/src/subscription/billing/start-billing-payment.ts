import type { MembershipRow } from '../../accounts/memberships.repo.ts';
import type { PaymentPurpose } from '../../db/schema.ts';
import { config } from '../../lib/config.ts';
import type { Db } from '../../lib/db.ts';
import { conflict } from '../../lib/errors.ts';
import { listPayments, recordPayment } from '../payments.repo.ts';
import { refreshOpenPayment, subscriptionCustomerOf } from '../sync-payment.ts';
import { createBillingPayment } from './mollie-billing.ts';

/**
 * Starts (or hands out again) a one-off iDEAL first payment on the customer the subscription lives
 * on, so its mandate belongs to the same customer and the subscription can move to it: 'Nu betalen'
 * (`missed_period`, the plan's amount) or a new payment method (`mandate`, 0.01). An open one of the
 * same purpose made after `since` is re-checked at Mollie and handed out again while still open.
 */
export async function startBillingPayment(
  db: Db,
  m: MembershipRow,
  input: {
    purpose: Exclude<PaymentPurpose, 'membership'>;
    amount: { value: string; currency: string };
    since: Date;
  },
): Promise<{ checkoutUrl: string; paymentId: string }> {
  const open = (await listPayments(db, m.uid))
    .filter((p) => p.purpose === input.purpose && p.status === 'open' && p.created_at >= input.since)
    .at(-1);
  if (open?.checkout_url) {
    const fresh = await refreshOpenPayment(db, open, { force: true });
    if (fresh.status === 'open' && fresh.checkout_url)
      return { checkoutUrl: fresh.checkout_url, paymentId: fresh.id };
  }
  const customerId = await subscriptionCustomerOf(db, m);
  if (!customerId) throw conflict('MEMBERSHIP_NOT_RENEWING');
  const what = input.purpose === 'missed_period' ? 'gemiste betaling' : 'nieuwe betaalmethode';
  const payment = await createBillingPayment({
    customerId,
    uid: m.uid,
    purpose: input.purpose,
    amount: input.amount,
    description: `${config.price().description}: ${what}`,
  });
  const period = m.subscription_interval ?? config.price().interval;
  await recordPayment(db, m.uid, payment, period, { amountMismatch: false, now: new Date() });
  return { checkoutUrl: payment.checkoutUrl!, paymentId: payment.id };
}
