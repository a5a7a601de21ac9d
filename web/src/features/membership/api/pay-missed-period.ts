import { call } from '../../../lib/api.ts';

/** 'Nu betalen': the checkout of a one-off iDEAL payment for the period a failed renewal missed. */
export const payMissedPeriod = () => call('subscription', 'payMissedPeriod', {});
