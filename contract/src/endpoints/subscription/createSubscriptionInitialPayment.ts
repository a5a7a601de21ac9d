import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { personalDetails } from '../../schemas.ts';

/** Stores the details of a new membership and starts the first payment; an open payment is reused. */
export const createSubscriptionInitialPayment = endpoint({
  service: 'subscription',
  name: 'createSubscriptionInitialPayment',
  access: 'signedIn',
  session: 'recent',
  rateLimit: rateLimits.payments,
  input: z.object({ membership: personalDetails }),
  output: z.object({ checkoutUrl: z.string(), paymentId: z.string() }),
});
