import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { emptyInput } from '../../schemas.ts';

export const paymentStatus = z.enum([
  'open',
  'pending',
  'authorized',
  'paid',
  'failed',
  'canceled',
  'expired',
]);

/** For the payment page's polling: started, complete (paid or ended) and the latest first payment's status. */
export const getSubscriptionInitialPaymentStatus = endpoint({
  service: 'subscription',
  name: 'getSubscriptionInitialPaymentStatus',
  access: 'signedIn',
  input: emptyInput,
  output: z.object({
    isRequestStarted: z.boolean(),
    isRequestComplete: z.boolean(),
    status: paymentStatus.nullable(),
    paymentId: z.string().nullable(),
  }),
});
