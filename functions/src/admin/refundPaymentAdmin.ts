import { randomUUID } from 'node:crypto';
import type { refundPaymentAdmin } from '@kring/contract';
import { MollieApiError } from '@mollie/api-client';
import { config } from '../lib/config.ts';
import type { Db } from '../lib/db.ts';
import { ApiError, conflict, notFound, validationError } from '../lib/errors.ts';
import type { Handler } from '../lib/handler.ts';
import { logs } from '../lib/logs.ts';
import { formatMoney } from '../subscription/invoices/money.ts';
import { createRefundAtMollie, isRefusal, type RefundFacts } from '../subscription/mollie.ts';
import { claimPaymentStart, releasePaymentStart } from '../subscription/payment-starts.repo.ts';
import { cents, findPayment, type PaymentRow } from '../subscription/payments.repo.ts';
import {
  claimRefund,
  findRefundByRequest,
  type RefundRow,
  recordRefund,
  refundCounts,
  refundsOfPayment,
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

/**
 * What can still go back on a payment: its amount minus refunds and chargebacks so far. The refunds are
 * Mollie's total on our row or the ones Kring holds, whichever is more: a refund just made counts
 * before the payment's sync or webhook has updated the row.
 */
export const refundableCents = (p: PaymentRow, refunds: RefundRow[]): number => {
  const held = refunds.filter(refundCounts).reduce((sum, r) => sum + r.amount_cents, 0);
  const refunded = Math.max(cents(p.amount_refunded), held);
  return Math.max(0, cents(p.amount_value) - refunded - cents(p.amount_charged_back));
};

/** A claim older than this was abandoned (an instance died mid-refund): far above a refund's duration. */
const claimLeaseMs = 120_000;
/** How long a second refund of the member waits for the first before answering 503. */
const claimWaitMs = 15_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `body` while holding the member's claim on money movements (payment_starts, as a payment start
 * does; one statement, no transaction held across Mollie's call): two refunds of one payment are
 * checked against what is left one after the other, never both against the same amount.
 */
async function holdingMember<T>(db: Db, uid: string, body: () => Promise<T>): Promise<T> {
  const token = randomUUID();
  const deadline = Date.now() + claimWaitMs;
  while (!(await claimPaymentStart(db, uid, token, claimLeaseMs))) {
    if (Date.now() >= deadline) throw new ApiError('UNAVAILABLE', 'PAYMENT_START_BUSY');
    await sleep(100);
  }
  try {
    return await body();
  } finally {
    await releasePaymentStart(db, uid, token);
  }
}

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
 * An admin refunds a paid payment in full or in part (docs/admin.md "Refunds"). Under the member's
 * claim: checked against what is left (our row and the refunds Kring holds), then Mollie refunds with
 * the request's Idempotency-Key (also the refund's metadata); the refund and its admin-log entry are
 * stored together, once per refund (a retry finds the stored refund, also one the webhook stored first,
 * or Mollie replays the one it made). The payment is then synced as its webhook would: the credit
 * note is issued and a full refund has the membership follow as for any refund (lifecycle.ts).
 */
export const refundPaymentAdminHandler: Handler<typeof refundPaymentAdmin> = async ({ db, user }, input) => {
  const { uid, paymentId } = input;
  const found = await findPayment(db, paymentId);
  if (!found || found.uid !== uid) throw notFound();
  const made = await holdingMember(db, uid, () => refundOnce(db, user.uid, input));
  if (made.fresh) {
    try {
      await syncPayment(db, paymentId);
    } catch (error) {
      // The refund stands and is logged; the payment's webhook (or the hourly catch-up) issues the note.
      logs.warn('refund recorded; the payment sync after it failed', { paymentId, error });
    }
  }
  const payment = await findPayment(db, paymentId);
  const left = payment ? refundableCents(payment, await refundsOfPayment(db, paymentId)) : 0;
  return { refund: made.refund, refundableCents: left };
};

type Input = Parameters<typeof refundPaymentAdminHandler>[1];

/** The request itself, while the caller holds the member's claim. */
async function refundOnce(db: Db, adminUid: string, input: Input) {
  const { uid, paymentId, amountCents, reason, requestId } = input;
  const key = `kring-refund-${requestId}`;
  const log = async (refund: { id: string; amountCents: number; currency: string }) =>
    db.transaction().execute(async (tx) => {
      if (!(await claimRefund(tx, refund.id, key, adminUid))) return;
      await appendAdminLog(tx, {
        actorUid: adminUid,
        action: 'REFUND_PAYMENT',
        subjectUid: uid,
        reason,
        details: {
          paymentId,
          refundId: refund.id,
          amountCents: refund.amountCents,
          currency: refund.currency,
        },
      });
    });
  const earlier = await findRefundByRequest(db, key);
  if (earlier) {
    if (earlier.payment_id !== paymentId || earlier.amount_cents !== amountCents)
      throw validationError('requestId', m.otherRequest);
    // Stored by the webhook while this request's answer got lost: claimed and logged now.
    await log({ id: earlier.id, amountCents: earlier.amount_cents, currency: earlier.currency });
    return { refund: { id: earlier.id, amountCents, status: earlier.status }, fresh: false };
  }
  const payment = (await findPayment(db, paymentId))!;
  if (payment.status !== 'paid') throw validationError('paymentId', m.notPaid);
  const refundable = refundableCents(payment, await refundsOfPayment(db, paymentId));
  if (refundable === 0) throw validationError('amountCents', m.nothingLeft);
  if (amountCents > refundable)
    throw validationError('amountCents', m.tooMuch(refundable, payment.amount_currency));
  const refund = await refundAtMollie(payment, amountCents, key);
  await recordRefund(db, paymentId, refund);
  await log(refund);
  return { refund: { id: refund.id, amountCents: refund.amountCents, status: refund.status }, fresh: true };
}
