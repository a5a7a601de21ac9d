import { endpoint } from '../../endpoint.ts';
import { emptyInput, subscriptionStatus } from '../../schemas.ts';

export const getSubscriptionStatus = endpoint({
  service: 'subscription',
  name: 'getSubscriptionStatus',
  access: 'signedIn',
  input: emptyInput,
  output: subscriptionStatus,
});
