import type { listPlans } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import { listActivePlans, toPlan } from './plans.repo.ts';

/** The plans a visitor can choose, with their prices (public; shown on step 1, /community and the payment step). */
export const listPlansHandler: Handler<typeof listPlans> = async ({ db }) => ({
  plans: (await listActivePlans(db)).map(toPlan),
});
