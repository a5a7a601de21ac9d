import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { emptyInput } from '../../schemas.ts';

/** A membership plan as a visitor chooses it. Money in integer cents. */
export const plan = z.object({
  id: z.string(),
  name: z.string(),
  /** What one payment buys: '1 month', '12 months'. */
  interval: z.string(),
  priceCents: z.number().int(),
  currency: z.string(),
  /** VAT in basis points (2100 = 21%), or null when the plan is exempt (then `vatExemption` says why). */
  vatRateBp: z.number().int().nullable(),
  vatExemption: z.string().nullable(),
});
export type Plan = z.infer<typeof plan>;

/** The plans a visitor can choose, cheapest period first (public: shown before signing up). */
export const listPlans = endpoint({
  service: 'billing',
  name: 'listPlans',
  access: 'public',
  // A price change is rare and applies to new members from its date: a minute's delay is fine.
  cacheSeconds: 60,
  input: emptyInput,
  output: z.object({ plans: z.array(plan) }),
});
