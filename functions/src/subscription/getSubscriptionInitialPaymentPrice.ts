import type { getSubscriptionInitialPaymentPrice } from '@kring/contract';
import type { Handler } from '../http/types.ts';
import { config } from '../lib/config.ts';

/** The configured price and period; the first payment charges exactly this. */
export const getSubscriptionInitialPaymentPriceHandler: Handler<
  typeof getSubscriptionInitialPaymentPrice
> = async () => {
  const { value, currency, interval, description } = config.price();
  return { value, currency, interval, description };
};
