import { type ApiInput, call } from '../../../lib/api.ts';

export type MembershipDetails = ApiInput<'subscription', 'createSubscriptionInitialPayment'>['membership'];

/** Starts the first payment of the chosen plan with the member's details; answers the checkout URL to go to. */
export const startInitialPayment = (membership: MembershipDetails, planId: string | null) =>
  call('subscription', 'createSubscriptionInitialPayment', { membership, ...(planId ? { planId } : {}) });
