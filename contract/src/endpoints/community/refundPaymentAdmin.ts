import { z } from 'zod';
import { rateLimits } from '../../limits.ts';
import { reason } from '../../schemas.ts';
import { adminEndpoint, memberUid } from './admin-schemas.ts';

/**
 * An admin refunds a member's paid payment in full or in part through Mollie, with a reason for the
 * admin log. `amountCents` (integer cents: exact, no decimal parsing on the server) must be more than
 * 0 and at most what is still refundable. `requestId` is made once per confirmed refund by the page:
 * the same request again (a retry, a second click) returns the same refund and never refunds twice.
 */
export const refundPaymentAdmin = adminEndpoint({
  name: 'refundPaymentAdmin',
  rateLimit: rateLimits.moderation,
  input: z.object({
    uid: memberUid,
    paymentId: z
      .string({ error: 'Onbekende betaling' })
      .regex(/^tr_[A-Za-z0-9]{1,60}$/, 'Onbekende betaling'),
    amountCents: z
      .number({ error: 'Vul een bedrag in' })
      .int('Vul een bedrag in hele centen in')
      .min(1, 'Het bedrag moet meer dan € 0,00 zijn')
      .max(100_000_000, 'Dit bedrag is te hoog'),
    reason,
    requestId: z.uuid({ error: 'Deze waarde is ongeldig' }),
  }),
  output: z.object({
    refund: z.object({ id: z.string(), amountCents: z.number().int(), status: z.string() }),
    /** What can still be refunded on this payment after this refund. */
    refundableCents: z.number().int(),
  }),
});
