import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { emptyInput, isoDate } from '../../schemas.ts';

/** One payment in the member's history, newest first; money in integer cents. */
export const paymentHistoryItem = z.object({
  id: z.string(),
  /** When it was paid, else when it was made. */
  date: isoDate,
  /** The period a paid payment bought (null when it bought none: not paid, refunded, charged back). */
  periodStart: isoDate.nullable(),
  periodEnd: isoDate.nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
  /** Mollie's method: ideal, directdebit, creditcard, bancontact …; null before the payer chose. */
  method: z.string().nullable(),
  status: z.enum(['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired']),
  refundedCents: z.number().int(),
  chargedBackCents: z.number().int(),
  planName: z.string().nullable(),
  /** Refunds of this payment with Mollie's status as last seen (queued, pending, processing, refunded, failed, canceled). */
  refunds: z.array(
    z.object({ id: z.string(), amountCents: z.number().int(), status: z.string(), createdAt: isoDate }),
  ),
  /** The factuur of a paid payment, and the creditnota's for money that went back. */
  documents: z.array(
    z.object({
      number: z.string(),
      kind: z.enum(['invoice', 'credit_note']),
      totalCents: z.number().int(),
    }),
  ),
});
export type PaymentHistoryItem = z.infer<typeof paymentHistoryItem>;

/** The caller's own payments (only theirs), for /account/lidmaatschap. */
export const listMyPayments = endpoint({
  service: 'billing',
  name: 'listMyPayments',
  access: 'signedIn',
  input: emptyInput,
  output: z.object({
    payments: z.array(paymentHistoryItem),
    /** The member's plan and the price (cents) they pay now; null before a paid first payment of a plan. */
    plan: z
      .object({ id: z.string(), name: z.string(), interval: z.string(), priceCents: z.number().int() })
      .nullable(),
    /** An announced price change not yet in force (docs/payments.md "Price changes"). */
    priceNotice: z.object({ newPriceCents: z.number().int(), effectiveFrom: isoDate }).nullable(),
  }),
});
