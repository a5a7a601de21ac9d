import type { subscriptionEndpoints } from '@kring/contract';
import { notImplemented, type Routes } from '../http/types.ts';

export const subscriptionRoutes: Routes<typeof subscriptionEndpoints> = {
  cancelSubscription: notImplemented,
  createSubscriptionInitialPayment: notImplemented,
  getSubscriptionInitialPaymentPrice: notImplemented,
  getSubscriptionInitialPaymentStatus: notImplemented,
  getSubscriptionStatus: notImplemented,
  webhookPaymentHandler: notImplemented,
};
