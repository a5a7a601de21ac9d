import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { isoDate } from '../../schemas.ts';

/** A member moves to another plan from their next period on (the current period stays as paid). */
export const switchPlan = endpoint({
  service: 'billing',
  name: 'switchPlan',
  access: 'member',
  session: 'recent',
  input: z.object({ planId: z.string({ error: 'Kies een abonnement.' }).min(1, 'Kies een abonnement.') }),
  output: z.object({ planId: z.string(), effectiveFrom: isoDate }),
});
