import type { refundPaymentAdmin } from '@kring/contract';
import { MollieApiError } from '@mollie/api-client';
import { config } from '../lib/config.ts';
import { conflict, notFound, validationError } from '../lib/errors.ts';
import type { Handler } from '../lib/handler.ts';
import { logs } from '../lib/logs.ts';
import { formatMoney } from '../subscription/invoices/money.ts';
import { createRefundAtMollie, isRefusal, type RefundFacts } from '../subscription/mollie.ts';
import { cents, findPayment, type PaymentRow } from '../subscription/payments.repo.ts';
import {
  findRefundByRequest,
  hasUnclaimedRefund,
  recordRefund,
} from '../subscription/refunds/refunds.repo.ts';
import { syncPayment } from '../subscription/sync-payment.ts';
import { appendAdminLog } from './admin-log.repo.ts';

const m = {
  notPaid: 'Alleen een betaalde betaling kan worden terugbetaald',
  nothingLeft: 'Deze betaling is al helemaal terugbetaald',
  tooMuch: (c: number, currency: string) => `Er is nog ${formatMoney(c, currency)} terug te betalen`,
  otherRequest: 'Deze aanvraag hoort bij een andere terugbetaling: open het formulier opnieuw',
  refused: 'Mollie weigert deze terugbetaling',
};

/** What can still go back on a payment: its amount minus refunds and chargebacks so far. */
export const refundableCents = (p: PaymentRow): number =>
  Math.max(0, cents(p.amount_value) - cents(p.amount_refunded) - cents(p.amount_charged_back));

/** Mollie's refund; its refusal of the amount (422) is the admin's field error, other refusals a 409. */
async function refundAtMollie(payment: PaymentRow, amountCents: number, key: string): Promise<RefundFacts> {
  try {
    return await createRefundAtMollie({
      paymentId: payment.id,
      amountCents,
      currency: payment.amount_currency,
      description: `${config.price().description}: terugbetaling`,
      key,
    });
  } catch (error) {
    if (!isRefusal(error)) throw error;
    logs.warn('Mollie refused a refund', { paymentId: payment.id, amountCents, error });
    if (error instanceof MollieApiError && error.statusCode === 422)
      throw validationError('amountCents', `${m.refused}: ${error.message}`);
    throw conflict('PAYMENT_PROVIDER_REFUSED');
  }
}

/**
 * An admin refunds a paid payment in full or in part (docs/admin.md "Refunds"). Checked against our
 * row first (paid, not more than is left), then Mollie refunds with the request's Idempotency-Key; the
 * refund and its admin-log entry are stored together, once per refund (a retry finds the stored refund,
 * or Mollie replays the one it made). The payment is then synced as its webhook would: the credit
 * note is issued and a full refund has the membership follow as for any refund (lifecycle.ts).
 */
export const refundPaymentAdminHandler: Handler<typeof refundPaymentAdmin> = async ({ db, user }, input) => {
  const { uid, paymentId, amountCents, reason, requestId } = input;
  const key = `kring-refund-${requestId}`;
  const payment = await findPayment(db, paymentId);
  if (!payment || payment.uid !== uid) throw notFound();
  const earlier = await findRefundByRequest(db, key);
  if (earlier) {
    if (earlier.payment_id !== paymentId || earlier.amount_cents !== amountCents)
      throw validationError('requestId', m.otherRequest);
    return answer(earlier.id, earlier.amount_cents, earlier.status, refundableCents(payment));
  }
  if (payment.status !== 'paid') throw validationError('paymentId', m.notPaid);
  const refundable = refundableCents(payment);
  // A repeat of a request whose answer was lost while its refund's webhook got through: Mollie
  // replays that refund for the same key (or refuses, as for any other request).
  const repeat = amountCents > refundable && (await hasUnclaimedRefund(db, paymentId, amountCents));
  if (refundable === 0 && !repeat) throw validationError('amountCents', m.nothingLeft);
  if (amountCents > refundable && !repeat)
    throw validationError('amountCents', m.tooMuch(refundable, payment.amount_currency));
  const refund = await refundAtMollie(payment, amountCents, key);
  await db.transaction().execute(async (tx) => {
    if (!(await recordRefund(tx, paymentId, refund, { requestKey: key, adminUid: user.uid }))) return;
    await appendAdminLog(tx, {
      actorUid: user.uid,
      action: 'REFUND_PAYMENT',
      subjectUid: uid,
      reason,
      details: { paymentId, refundId: refund.id, amountCents: refund.amountCents, currency: refund.currency },
    });
  });
  try {
    await syncPayment(db, paymentId);
  } catch (error) {
    // The refund stands and is logged; the payment's webhook (or the hourly catch-up) issues the note.
    logs.warn('refund recorded; the payment sync after it failed', { paymentId, error });
  }
  const fresh = await findPayment(db, paymentId);
  // Our row after the sync; never more than was left before minus this refund (a failed sync leaves it stale).
  const left = Math.min(fresh ? refundableCents(fresh) : refundable, refundable - refund.amountCents);
  return answer(refund.id, refund.amountCents, refund.status, repeat ? refundable : Math.max(0, left));
};

const answer = (id: string, amountCents: number, status: string, refundableCents: number) => ({
  refund: { id, amountCents, status },
  refundableCents,
});
