import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { emptyInput } from '../../schemas.ts';

/** The configured membership price, e.g. { value: '9.95', currency: 'EUR', interval: '1 month' }. */
export const getSubscriptionInitialPaymentPrice = endpoint({
  service: 'subscription',
  name: 'getSubscriptionInitialPaymentPrice',
  access: 'public',
  // Configuration: it changes with a deploy, which starts new instances anyway.
  cacheSeconds: 3600,
  input: emptyInput,
  output: z.object({
    value: z.string(),
    currency: z.string(),
    interval: z.string(),
    description: z.string(),
  }),
});
