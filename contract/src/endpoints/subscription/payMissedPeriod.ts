import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { emptyInput } from '../../schemas.ts';

/**
 * 'Nu betalen': after a renewal failed, a one-off iDEAL payment for the missed period (a first
 * payment: it makes a new mandate, which future renewals then use). 409 NO_MISSED_PAYMENT when no
 * renewal is outstanding; an open one is handed out again.
 */
export const payMissedPeriod = endpoint({
  service: 'subscription',
  name: 'payMissedPeriod',
  // Also a suspended member (still paying): the handler checks that, as cancelSubscription does.
  access: 'signedIn',
  session: 'live',
  rateLimit: rateLimits.payments,
  input: emptyInput,
  output: z.object({ checkoutUrl: z.string(), paymentId: z.string() }),
});
