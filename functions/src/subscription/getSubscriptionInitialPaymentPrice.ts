import type { getSubscriptionInitialPaymentPrice } from '@kring/contract';
import { config } from '../lib/config.ts';
import type { Handler } from '../lib/handler.ts';

/** The configured price and period; the first payment charges exactly this. */
export const getSubscriptionInitialPaymentPriceHandler: Handler<
  typeof getSubscriptionInitialPaymentPrice
> = async () => {
  const { value, currency, interval, description } = config.price();
  return { value, currency, interval, description };
};
