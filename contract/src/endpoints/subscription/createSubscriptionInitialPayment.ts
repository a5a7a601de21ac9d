import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { personalDetails } from '../../schemas.ts';

/** Stores the details of a new membership and starts the first payment of the chosen plan; an open payment of that plan is reused. */
export const createSubscriptionInitialPayment = endpoint({
  service: 'subscription',
  name: 'createSubscriptionInitialPayment',
  access: 'signedIn',
  session: 'recent',
  rateLimit: rateLimits.payments,
  /** `planId`: the chosen plan (listPlans); without it the first plan. */
  input: z.object({
    membership: personalDetails,
    planId: z.string({ error: 'Kies een abonnement.' }).min(1, 'Kies een abonnement.').optional(),
  }),
  output: z.object({ checkoutUrl: z.string(), paymentId: z.string() }),
});
