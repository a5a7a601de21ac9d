import { call } from '../../../lib/api.ts';
import { PAYMENT_POLL_MS } from '../../../lib/constants.ts';
import { useApi } from '../../../lib/use-api.ts';

export const INITIAL_PAYMENT_STATUS_KEY = 'subscription/initialPaymentStatus';

export type InitialPaymentStatus = Awaited<ReturnType<typeof fetchStatus>>;
const fetchStatus = () => call('subscription', 'getSubscriptionInitialPaymentStatus', {});

/** Polled every 5 s while a payment request has started and is not complete (spec 4); else not at all. */
export const shouldPoll = (status: InitialPaymentStatus | undefined, storedPaymentId: string | null) => {
  if (!status) return false;
  if (status.isRequestStarted && !status.isRequestComplete) return true;
  // Just back from the checkout, before the server reports the payment we started.
  return storedPaymentId !== null && status.paymentId !== storedPaymentId;
};

export const useInitialPaymentStatus = (storedPaymentId: string | null) =>
  useApi(INITIAL_PAYMENT_STATUS_KEY, fetchStatus, {
    refreshInterval: (latest) => (shouldPoll(latest, storedPaymentId) ? PAYMENT_POLL_MS : 0),
  });
