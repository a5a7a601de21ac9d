import type { subscriptionEndpoints } from '@kring/contract';
import type { GlobalLimitExemption, Routes } from '../lib/handler.ts';
import { cancelSubscriptionHandler } from './cancelSubscription.ts';
import { createSubscriptionInitialPaymentHandler } from './createSubscriptionInitialPayment.ts';
import { getPaymentProblemHandler } from './dunning/getPaymentProblem.ts';
import { payMissedPeriodHandler } from './dunning/payMissedPeriod.ts';
import { getSubscriptionInitialPaymentPriceHandler } from './getSubscriptionInitialPaymentPrice.ts';
import { getSubscriptionInitialPaymentStatusHandler } from './getSubscriptionInitialPaymentStatus.ts';
import { getSubscriptionStatusHandler } from './getSubscriptionStatus.ts';
import { changePaymentMethodHandler } from './mandate/changePaymentMethod.ts';
import { resumeSubscriptionHandler } from './resume/resumeSubscription.ts';
import { webhookForKnownPayment, webhookPaymentHandlerHandler } from './webhookPaymentHandler.ts';

/** Every subscription endpoint and its handler (docs/payments.md). */
export const subscriptionRoutes: Routes<typeof subscriptionEndpoints> = {
  cancelSubscription: cancelSubscriptionHandler,
  createSubscriptionInitialPayment: createSubscriptionInitialPaymentHandler,
  getSubscriptionInitialPaymentPrice: getSubscriptionInitialPaymentPriceHandler,
  getSubscriptionInitialPaymentStatus: getSubscriptionInitialPaymentStatusHandler,
  getSubscriptionStatus: getSubscriptionStatusHandler,
  webhookPaymentHandler: webhookPaymentHandlerHandler,
  // Issue 24 part B (docs/payments.md "Dunning", "Payment method", "Resume").
  changePaymentMethod: changePaymentMethodHandler,
  getPaymentProblem: getPaymentProblemHandler,
  payMissedPeriod: payMissedPeriodHandler,
  resumeSubscription: resumeSubscriptionHandler,
};

/** Calls exempt from their endpoint's global rate limit (see GlobalLimitExemption). */
export const subscriptionGlobalLimitExemptions: {
  [K in keyof typeof subscriptionEndpoints]?: GlobalLimitExemption<(typeof subscriptionEndpoints)[K]>;
} = {
  webhookPaymentHandler: webhookForKnownPayment,
};
