import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { emptyInput, subscriptionStatus } from '../../schemas.ts';

/**
 * Stops renewals at Mollie; access continues until expiresAt. For members, and for a suspended member
 * (role None until the date, but still paying): the handler checks that, since the router's 'member'
 * level would refuse them. Anyone else gets the router's answer: 403 ROLE_REQUIRED.
 */
export const cancelSubscription = endpoint({
  service: 'subscription',
  name: 'cancelSubscription',
  access: 'signedIn',
  session: 'recent',
  rateLimit: rateLimits.payments,
  input: emptyInput,
  output: subscriptionStatus,
});
