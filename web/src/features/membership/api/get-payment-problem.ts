import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

export const PAYMENT_PROBLEM_KEY = 'subscription/payment-problem';

/** A failed renewal not paid yet (null: none), for the banner on every member page. */
export const usePaymentProblem = (enabled: boolean) =>
  useApi(enabled ? PAYMENT_PROBLEM_KEY : null, () => call('subscription', 'getPaymentProblem', {}));
