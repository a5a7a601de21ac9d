import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

export const PRICE_KEY = 'subscription/price';

/** The price and interval of the membership, shown before the first payment (asked once). */
export const usePrice = () =>
  useApi(PRICE_KEY, () => call('subscription', 'getSubscriptionInitialPaymentPrice', {}), {
    revalidateOnFocus: false,
  });
