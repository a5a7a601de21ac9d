import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { emptyInput, subscriptionStatus } from '../../schemas.ts';

/**
 * 'Opzegging intrekken': a canceled membership whose paid period has not ended renews again. The
 * subscription is re-created at Mollie on the existing mandate, first charged when the paid period
 * ends (no payment now). After the end date: 409 MEMBERSHIP_NOT_RESUMABLE (become a member again).
 */
export const resumeSubscription = endpoint({
  service: 'subscription',
  name: 'resumeSubscription',
  // Also a suspended member (still paying): the handler checks that, as cancelSubscription does.
  access: 'signedIn',
  session: 'recent',
  rateLimit: rateLimits.payments,
  input: emptyInput,
  output: subscriptionStatus,
});
