import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { emptyInput } from '../../schemas.ts';

/**
 * 'Betaalmethode wijzigen': an iDEAL payment of € 0,01 from the new account makes a new mandate; once
 * paid the subscription's next charges go to it. Only for a renewing membership (409 otherwise).
 */
export const changePaymentMethod = endpoint({
  service: 'subscription',
  name: 'changePaymentMethod',
  // Also a suspended member (still paying): the handler checks that, as cancelSubscription does.
  access: 'signedIn',
  session: 'recent',
  rateLimit: rateLimits.payments,
  input: emptyInput,
  output: z.object({ checkoutUrl: z.string(), paymentId: z.string() }),
});
