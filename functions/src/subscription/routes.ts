import type { subscriptionEndpoints } from '@kring/contract';
import type { GlobalLimitExemption, Routes } from '../lib/handler.ts';
import { cancelSubscriptionHandler } from './cancelSubscription.ts';
import { createSubscriptionInitialPaymentHandler } from './createSubscriptionInitialPayment.ts';
import { getSubscriptionInitialPaymentPriceHandler } from './getSubscriptionInitialPaymentPrice.ts';
import { getSubscriptionInitialPaymentStatusHandler } from './getSubscriptionInitialPaymentStatus.ts';
import { getSubscriptionStatusHandler } from './getSubscriptionStatus.ts';
import { webhookForKnownPayment, webhookPaymentHandlerHandler } from './webhookPaymentHandler.ts';

/** Every subscription endpoint and its handler (docs/payments.md). */
export const subscriptionRoutes: Routes<typeof subscriptionEndpoints> = {
  cancelSubscription: cancelSubscriptionHandler,
  createSubscriptionInitialPayment: createSubscriptionInitialPaymentHandler,
  getSubscriptionInitialPaymentPrice: getSubscriptionInitialPaymentPriceHandler,
  getSubscriptionInitialPaymentStatus: getSubscriptionInitialPaymentStatusHandler,
  getSubscriptionStatus: getSubscriptionStatusHandler,
  webhookPaymentHandler: webhookPaymentHandlerHandler,
};

/** Calls exempt from their endpoint's global rate limit (see GlobalLimitExemption). */
export const subscriptionGlobalLimitExemptions: {
  [K in keyof typeof subscriptionEndpoints]?: GlobalLimitExemption<(typeof subscriptionEndpoints)[K]>;
} = {
  webhookPaymentHandler: webhookForKnownPayment,
};
