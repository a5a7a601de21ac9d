import { findMembership } from '../../accounts/memberships.repo.ts';
import type { Db } from '../../lib/db.ts';
import { ApiError } from '../../lib/errors.ts';
import { logs } from '../../lib/logs.ts';
import { setMandate } from '../billing/billing.repo.ts';
import { moveSubscriptionToMandate } from '../billing/mollie-billing.ts';
import { isReversed, listPayments, type PaymentFacts } from '../payments.repo.ts';

/**
 * After a paid 'Nu betalen' or new-payment-method payment: the member's live subscription charges the
 * payment's new mandate from now on (Mollie: PATCH the subscription's mandateId), then the membership
 * stores it. Idempotent (nothing to do once stored). Mollie unreachable: ApiError UNAVAILABLE, so the
 * webhook answers 503 and Mollie's retry does it again; Mollie refusing (the subscription ended
 * meanwhile) is logged and leaves the old mandate.
 */
export async function moveToNewMandate(db: Db, uid: string, payment: PaymentFacts): Promise<void> {
  if (payment.status !== 'paid' || payment.purpose === 'membership' || !payment.mandateId) return;
  // Money that went back (a storno of 'Nu betalen') says nothing good about that account.
  if (isReversed(payment)) return;
  const m = await findMembership(db, uid);
  if (!m?.mollie_subscription_id || m.subscription_stopped_at || m.mollie_mandate_id === payment.mandateId)
    return;
  // Only the member's latest choice counts: a webhook Mollie sends again for an older payment (after
  // a refund, a retry, the hourly catch-up) must not move the subscription back to that payment's mandate.
  const paidAt = payment.paidAt?.getTime() ?? 0;
  const newer = (await listPayments(db, uid)).some(
    (p) =>
      p.id !== payment.id &&
      p.sequence_type === 'first' &&
      p.status === 'paid' &&
      p.paid_at !== null &&
      (p.paid_at.getTime() > paidAt || (p.paid_at.getTime() === paidAt && p.id > payment.id)),
  );
  if (newer) return;
  // The payment was made on the subscription's customer (start-billing-payment.ts), which the
  // membership stores (subscriptionCustomerOf repairs it): a mandate belongs to one customer.
  const customerId = m.mollie_customer_id;
  if (!customerId || customerId !== payment.customerId) {
    logs.error('new mandate is on another customer than the subscription; not moved', { uid, customerId });
    return;
  }
  try {
    await moveSubscriptionToMandate(customerId, m.mollie_subscription_id, payment.mandateId);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    logs.error('Mollie refused to move the subscription to the new mandate', { uid, error });
    return;
  }
  await setMandate(db, uid, payment.mandateId);
}
