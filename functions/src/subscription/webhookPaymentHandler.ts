import type { webhookPaymentHandler } from '@kring/contract';
import type { Handler } from '../lib/handler.ts';
import { syncPayment } from './sync-payment.ts';

/**
 * Mollie's webhook (`id=tr_…`, unsigned). The id is only a hint: syncPayment fetches the payment from
 * Mollie. 200 when done or when the id is not ours; 503 when Mollie or Auth could not be reached, so
 * Mollie calls again later.
 */
export const webhookPaymentHandlerHandler: Handler<typeof webhookPaymentHandler> = async ({ db }, { id }) => {
  await syncPayment(db, id);
  return {};
};
