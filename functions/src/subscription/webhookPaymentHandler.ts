import type { webhookPaymentHandler } from '@kring/contract';
import type { GlobalLimitExemption, Handler } from '../lib/handler.ts';
import { logs } from '../lib/logs.ts';
import { isRefusal } from './mollie.ts';
import { findPayment } from './payments.repo.ts';
import { syncPayment } from './sync-payment.ts';

/**
 * Mollie's webhook (`id=tr_…`, unsigned). The id is only a hint: syncPayment fetches the payment from
 * Mollie. 200 when done or when the id is not ours; 503 when Mollie or Auth could not be reached, so
 * Mollie calls again later.
 *
 * When Mollie refuses one of Kring's own calls (a 4xx other than 404 and 429: 400, 422 …; a refused
 * API key, 401/403, is UNAVAILABLE already) the answer is 200 too, with an error log line
 * WEBHOOK_MOLLIE_REFUSED for the alert: asking again with
 * the same request gets the same refusal, and a non-2xx would only make Mollie repeat the webhook on
 * its retry schedule (about a day) for nothing. Nothing is lost: the payment page's poll and the
 * hourly job's catch-up ask Mollie again for the member's payments, and a new webhook for the same
 * payment (a refund, a chargeback) goes through the whole sync again.
 */
export const webhookPaymentHandlerHandler: Handler<typeof webhookPaymentHandler> = async ({ db }, { id }) => {
  try {
    await syncPayment(db, id);
  } catch (error) {
    if (!isRefusal(error)) throw error;
    logs.error('WEBHOOK_MOLLIE_REFUSED: Mollie refused a call for this webhook; answered 200', {
      paymentId: id,
      error,
    });
  }
  return {};
};

/**
 * The webhook's global cap (rateLimits.webhookGlobal) counts only ids Kring does not know: a payment
 * Kring has a row of (every first payment it made, every renewal it heard of) is never shut out by a
 * flood of made-up ids, as long as that one id stays within rateLimits.webhookPerKnownPayment (a
 * replay of one known id beyond it is counted like any other call). One primary-key lookup per call. What a flood can still hold up is a webhook
 * for a payment Kring has not seen yet (a new renewal): Mollie retries it, and the hourly job's
 * catch-up finds it anyway (docs/payments.md, docs/security.md).
 */
export const webhookForKnownPayment: GlobalLimitExemption<typeof webhookPaymentHandler> = async (
  db,
  { id },
) => ((await findPayment(db, id)) !== undefined ? id : null);
