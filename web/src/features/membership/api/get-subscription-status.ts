import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

export const SUBSCRIPTION_STATUS_KEY = 'subscription/status';

/** The member's subscription as the account page shows it (cached under 'subscription/status'). */
export const useSubscriptionStatus = () => useApi(SUBSCRIPTION_STATUS_KEY, fetchSubscriptionStatus);

/** The call itself (also preloaded with the page: app/layout/member-boot.ts). */
export const fetchSubscriptionStatus = () => call('subscription', 'getSubscriptionStatus', {});
