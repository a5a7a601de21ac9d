import type { switchPlan } from '@kring/contract';
import { findMembership, lockMembership } from '../../accounts/memberships.repo.ts';
import { config } from '../../lib/config.ts';
import { conflict, validationError } from '../../lib/errors.ts';
import type { Handler } from '../../lib/handler.ts';
import { logs } from '../../lib/logs.ts';
import { updateSubscriptionAtMollie } from '../mollie.ts';
import { subscriptionCustomerOf } from '../sync-payment.ts';
import { centsToValue, findPlan, switchMembershipPlan } from './plans.repo.ts';

/**
 * 'Abonnement wijzigen': the member's renewing subscription charges the chosen plan from the next
 * period on. The period already paid stays as it is (no refund, no extra charge); Mollie's next
 * charge, on the current period's end, takes the new plan's price and buys one of its periods.
 * Mollie first (its PATCH), then one short transaction.
 */
export const switchPlanHandler: Handler<typeof switchPlan> = async ({ db, user }, { planId }) => {
  const plan = await findPlan(db, planId);
  if (!plan?.active) throw validationError('planId', 'Kies een abonnement.');
  const m = await findMembership(db, user.uid);
  // Only a membership that renews has a next period to switch (a canceled one ends at expiresAt).
  if (m?.status !== 'active' || !m.mollie_subscription_id || m.subscription_stopped_at || !m.expires_at)
    throw conflict('MEMBERSHIP_NOT_ACTIVE');
  if (m.plan_id === plan.id && m.price_cents === plan.price_cents)
    return { planId: plan.id, effectiveFrom: m.expires_at.toISOString() };

  const customerId = await subscriptionCustomerOf(db, m);
  await updateSubscriptionAtMollie(customerId!, m.mollie_subscription_id, {
    amount: { value: centsToValue(plan.price_cents), currency: plan.currency },
    interval: plan.interval,
    description: `${config.price().description} (${plan.name})`,
  });
  await db.transaction().execute(async (tx) => {
    await lockMembership(tx, user.uid);
    await switchMembershipPlan(tx, user.uid, plan);
  });
  logs.info('plan switched from the next period', { uid: user.uid, planId: plan.id });
  return { planId: plan.id, effectiveFrom: m.expires_at.toISOString() };
};
