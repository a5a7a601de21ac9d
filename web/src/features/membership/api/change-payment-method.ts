import { call } from '../../../lib/api.ts';

/** 'Betaalmethode wijzigen': the checkout of a € 0,01 iDEAL payment that makes the new mandate. */
export const changePaymentMethod = () => call('subscription', 'changePaymentMethod', {});
