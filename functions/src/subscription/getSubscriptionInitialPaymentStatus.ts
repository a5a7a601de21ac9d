import type { getSubscriptionInitialPaymentStatus } from '@kring/contract';
import type { Handler } from '../lib/handler.ts';
import { isFinalStatus, latestFirstPayment } from './payments.repo.ts';
import { refreshOpenPayment } from './sync-payment.ts';

/**
 * For the payment page's 5-second poll: the latest first payment. An open one is checked at Mollie
 * at most every few seconds, so the page (and the membership) move on even if a webhook is lost.
 */
export const getSubscriptionInitialPaymentStatusHandler: Handler<
  typeof getSubscriptionInitialPaymentStatus
> = async ({ db, user }) => {
  const latest = await latestFirstPayment(db, user.uid);
  if (!latest) return { isRequestStarted: false, isRequestComplete: false, status: null, paymentId: null };
  const payment = await refreshOpenPayment(db, latest);
  return {
    isRequestStarted: true,
    isRequestComplete: isFinalStatus(payment.status),
    status: payment.status,
    paymentId: payment.id,
  };
};
