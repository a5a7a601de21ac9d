import { Locale, PaymentMethod, SequenceType } from '@mollie/api-client';
import type { PaymentPurpose } from '../../db/schema.ts';
import { config } from '../../lib/config.ts';
import { call, facts, statusOf, webhookUrl } from '../mollie.ts';
import type { PaymentFacts } from '../payments.repo.ts';

/**
 * The Mollie calls of issue 24 part B (docs/payments.md "Dunning", "Payment method", "Resume"):
 * a one-off first payment for a missed period or a new mandate, moving a subscription to another
 * mandate, checking a mandate, and re-creating a canceled subscription. Through mollie.ts's `call`,
 * so failures mean the same here (5xx: 503 UNAVAILABLE; a refusal is thrown as Mollie's error).
 */

/** The smallest amount iDEAL takes: enough for the bank to confirm the account, nothing bought. */
export const mandateAmount = '0.01';

/**
 * A first payment (it makes a new mandate) for 'Nu betalen' (the plan's amount) or for a new payment
 * method (0.01). iDEAL only: the point is a new SEPA mandate from the member's own bank account.
 */
export function createBillingPayment(input: {
  customerId: string;
  uid: string;
  purpose: Exclude<PaymentPurpose, 'membership'>;
  amount: { value: string; currency: string };
  description: string;
}): Promise<PaymentFacts> {
  return call('create billing payment', (m) =>
    m.payments.create({
      amount: input.amount,
      description: input.description,
      customerId: input.customerId,
      sequenceType: SequenceType.first,
      method: PaymentMethod.ideal,
      redirectUrl: `${config.publicBaseUrl()}/account/lidmaatschap?betaling=${input.purpose}`,
      webhookUrl: webhookUrl(),
      locale: Locale.nl_NL,
      metadata: { uid: input.uid, purpose: input.purpose },
    }),
  ).then(facts);
}

/** Whether the mandate can still be charged (Mollie: `valid`, or `pending` while a SEPA mandate settles). */
export async function isUsableMandate(customerId: string, mandateId: string): Promise<boolean> {
  try {
    const mandate = await call('get mandate', (m) => m.customerMandates.get(mandateId, { customerId }));
    return mandate.status === 'valid' || mandate.status === 'pending';
  } catch (error) {
    if (statusOf(error) === 404 || statusOf(error) === 410) return false;
    throw error;
  }
}

/** Future charges of the subscription go to this mandate (Mollie: PATCH the subscription's mandateId). */
export async function moveSubscriptionToMandate(
  customerId: string,
  subscriptionId: string,
  mandateId: string,
): Promise<void> {
  await call('update subscription mandate', (m) =>
    m.customerSubscriptions.update(subscriptionId, { customerId, mandateId }),
  );
}
