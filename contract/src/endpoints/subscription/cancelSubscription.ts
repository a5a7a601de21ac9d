import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { emptyInput, subscriptionStatus } from '../../schemas.ts';

/** Stops renewals at Mollie; access continues until expiresAt. */
export const cancelSubscription = endpoint({
  service: 'subscription',
  name: 'cancelSubscription',
  access: 'member',
  session: 'recent',
  rateLimit: rateLimits.payments,
  input: emptyInput,
  output: subscriptionStatus,
});
