import type { Db } from '../../lib/db.ts';
import { sendDunningMailQuietly } from '../dunning/send-dunning.ts';
import { moveToNewMandate } from '../mandate/move-mandate.ts';
import { isReversed, type PaymentFacts } from '../payments.repo.ts';

/**
 * What a recorded payment sets off for issue 24 part B, after the webhook's transaction: a paid
 * 'Nu betalen' or new-payment-method payment moves the subscription to its mandate (Mollie down:
 * throws UNAVAILABLE, the webhook answers 503 and is retried); a failed or charged-back renewal mails
 * the member the same day (never fails the webhook; the hourly job sends what could not go).
 */
export async function billingFollowUps(db: Db, uid: string, payment: PaymentFacts, now: Date): Promise<void> {
  await moveToNewMandate(db, uid, payment);
  if (payment.sequenceType === 'recurring' && (payment.status === 'failed' || isReversed(payment)))
    await sendDunningMailQuietly(db, uid, now);
}
