import type { getSubscriptionInitialPaymentPrice } from '@kring/contract';
import { config } from '../lib/config.ts';
import type { Handler } from '../lib/handler.ts';
import { centsToValue, defaultPlan } from './plans/plans.repo.ts';

/**
 * The price and period of the default plan (the first in listPlans); a first payment without a
 * chosen plan charges exactly this. The configured price only when no plan is active.
 */
export const getSubscriptionInitialPaymentPriceHandler: Handler<
  typeof getSubscriptionInitialPaymentPrice
> = async ({ db }) => {
  const { value, currency, interval, description } = config.price();
  const plan = await defaultPlan(db);
  if (!plan) return { value, currency, interval, description };
  return {
    value: centsToValue(plan.price_cents),
    currency: plan.currency,
    interval: plan.interval,
    description,
  };
};
