import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { emptyInput, nullableDate } from '../../schemas.ts';

/**
 * The banner on every member page: a renewal failed and is not paid yet. `reason` is Dutch plain
 * text (Mollie's failure reason or the SEPA return code), `accessUntil` when access ends unless paid.
 */
export const getPaymentProblem = endpoint({
  service: 'subscription',
  name: 'getPaymentProblem',
  access: 'signedIn',
  input: emptyInput,
  output: z.object({
    problem: z
      .object({
        reason: z.string(),
        accessUntil: nullableDate,
        amount: z.object({ value: z.string(), currency: z.string() }),
      })
      .nullable(),
  }),
});
