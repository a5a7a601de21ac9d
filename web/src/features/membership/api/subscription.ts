import useSWR from 'swr';
import { call } from '../../../lib/api.ts';

export const SUBSCRIPTION_STATUS_KEY = 'subscription/status';

export const useSubscriptionStatus = () =>
  useSWR(SUBSCRIPTION_STATUS_KEY, () => call('subscription', 'getSubscriptionStatus', {}));

export const cancelSubscription = () => call('subscription', 'cancelSubscription', {});
