import { call } from '../../../lib/api.ts';

/** Cancels the subscription at the end of the paid period; answers the new status to put in the cache. */
export const cancelSubscription = () => call('subscription', 'cancelSubscription', {});
