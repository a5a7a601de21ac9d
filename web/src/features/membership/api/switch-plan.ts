import { call } from '../../../lib/api.ts';

/** The member's plan from the next period on. */
export const switchPlan = (planId: string) => call('billing', 'switchPlan', { planId });
