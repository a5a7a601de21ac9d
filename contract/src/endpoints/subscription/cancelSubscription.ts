import { endpoint } from '../../endpoint.ts';
import { emptyInput, subscriptionStatus } from '../../schemas.ts';

/** Stops renewals at Mollie; access continues until expiresAt. */
export const cancelSubscription = endpoint({
  service: 'subscription',
  name: 'cancelSubscription',
  access: 'member',
  input: emptyInput,
  output: subscriptionStatus,
});
