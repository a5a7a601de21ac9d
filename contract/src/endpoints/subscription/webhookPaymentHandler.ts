import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';

/** Mollie's webhook: `id=tr_…` form-encoded (JSON accepted too). Always answers 200 unless Mollie is unreachable. */
export const webhookPaymentHandler = endpoint({
  service: 'subscription',
  name: 'webhookPaymentHandler',
  access: 'public',
  input: z.object({ id: z.string().regex(/^tr_[A-Za-z0-9]+$/) }),
  output: z.object({}),
});
