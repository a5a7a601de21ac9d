import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';

/** Mollie's webhook: `id=tr_…` form-encoded (JSON accepted too). Always answers 200 unless Mollie is unreachable. */
export const webhookPaymentHandler = endpoint({
  service: 'subscription',
  name: 'webhookPaymentHandler',
  access: 'public',
  addressRateLimit: rateLimits.webhookPerAddress,
  globalRateLimit: rateLimits.webhookGlobal,
  knownCallRateLimit: rateLimits.webhookPerKnownPayment,
  // Mollie's payment ids are `tr_` and about ten letters and digits; anything else never reaches Mollie.
  input: z.object({
    id: z
      .string()
      .max(40)
      .regex(/^tr_[A-Za-z0-9]{4,}$/),
  }),
  output: z.object({}),
});
