import { call } from '../../../lib/api.ts';

/** 'Opzegging intrekken': renews again from the end date; answers the new status for the cache. */
export const resumeSubscription = () => call('subscription', 'resumeSubscription', {});
