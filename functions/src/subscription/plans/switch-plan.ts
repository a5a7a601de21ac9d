import type { switchPlan } from '@kring/contract';
import {
  findMembership,
  lockMembership,
  type MembershipRow,
  setSubscription,
} from '../../accounts/memberships.repo.ts';
import { config } from '../../lib/config.ts';
import type { Db } from '../../lib/db.ts';
import { conflict, validationError } from '../../lib/errors.ts';
import type { Handler } from '../../lib/handler.ts';
import { logs } from '../../lib/logs.ts';
import {
  cancelSubscriptionAtMollie,
  createDeferredSubscription,
  listSubscriptionPayments,
  listSubscriptions,
  type SubscriptionFacts,
  updateSubscriptionAtMollie,
} from '../mollie.ts';
import { listPayments } from '../payments.repo.ts';
import { amsterdamDate, mollieInterval } from '../period.ts';
import { subscriptionCustomerOf } from '../sync-payment.ts';
import { centsToValue, findPlan, type PlanRow, switchMembershipPlan } from './plans.repo.ts';

const renews = (m: MembershipRow | undefined): m is MembershipRow & { expires_at: Date } =>
  m?.status === 'active' && !!m.mollie_subscription_id && !m.subscription_stopped_at && !!m.expires_at;

/**
 * 'Abonnement wijzigen': the member's renewing subscription charges the chosen plan from the next
 * period on. The period already paid stays as it is (no refund, no extra charge); the next charge,
 * on the day the paid period ends, takes the new plan's price and buys one of its periods.
 *
 * - Same interval (only the price differs): Mollie's PATCH of amount and description; the planned
 *   charge keeps its date.
 * - Another interval: Mollie counts a PATCHed `interval` from the subscription's LAST charge date
 *   (monthly -> yearly after a renewal would charge next a year after that renewal: 11 months free;
 *   yearly -> monthly would charge 11 months early). So a new subscription is made on the same
 *   mandate with `startDate` = the paid period's end, the old one is canceled, and the membership
 *   records the new one. Refused (409 RENEWAL_IN_PROGRESS) when the period ends today or earlier, or
 *   the old subscription has a charge Kring has not settled: that charge would be a second one.
 *
 * Idempotent: a repeated call for the plan the member is on changes nothing; a call retried after a
 * failure half-way adopts the subscription the first attempt made (metadata.replaces).
 */
export const switchPlanHandler: Handler<typeof switchPlan> = async ({ db, user }, { planId }) => {
  const plan = await findPlan(db, planId);
  if (!plan?.active) throw validationError('planId', 'Kies een abonnement.');
  const m = await findMembership(db, user.uid);
  // Only a membership that renews has a next period to switch (a canceled one ends at expiresAt).
  if (!renews(m)) throw conflict('MEMBERSHIP_NOT_ACTIVE');
  const effectiveFrom = m.expires_at.toISOString();
  // The plan the member is on: nothing changes. After a price change the plan's price is the new one,
  // which reaches this member only through their notice (a rise 30 days after its mail).
  if (m.plan_id === plan.id) return { planId: plan.id, effectiveFrom };

  const customerId = (await subscriptionCustomerOf(db, m))!;
  const current = m.subscription_interval ?? config.price().interval;
  const amount = { value: centsToValue(plan.price_cents), currency: plan.currency };
  const description = `${config.price().description} (${plan.name})`;
  if (mollieInterval(current) === mollieInterval(plan.interval)) {
    await updateSubscriptionAtMollie(customerId, m.mollie_subscription_id!, { amount, description });
    await db.transaction().execute(async (tx) => {
      await lockMembership(tx, user.uid);
      await switchMembershipPlan(tx, user.uid, plan);
    });
  } else {
    await switchToNewSubscription(db, m, customerId, plan, { amount, description });
  }
  logs.info('plan switched from the next period', { uid: user.uid, planId: plan.id, effectiveFrom });
  return { planId: plan.id, effectiveFrom };
};

async function switchToNewSubscription(
  db: Db,
  m: MembershipRow & { expires_at: Date },
  customerId: string,
  plan: PlanRow,
  charge: { amount: { value: string; currency: string }; description: string },
): Promise<void> {
  const oldId = m.mollie_subscription_id!;
  const startDate = amsterdamDate(m.expires_at);
  // Mollie charges on its dates in Amsterdam; a period ending today is being (or about to be) renewed.
  if (startDate <= amsterdamDate(new Date())) throw conflict('RENEWAL_IN_PROGRESS');
  if (await hasUnsettledCharge(db, m.uid, customerId, oldId)) throw conflict('RENEWAL_IN_PROGRESS');

  const subscriptions = await listSubscriptions(customerId);
  const old = subscriptions.find((s) => s.id === oldId);
  const live = (s: SubscriptionFacts) => s.status === 'active' || s.status === 'pending';
  // An earlier attempt that made the new subscription and then failed: take that one over.
  const earlier = subscriptions.filter((s) => live(s) && s.metadata.replaces === oldId);
  let next = earlier.find((s) => s.metadata.planId === plan.id);
  for (const s of earlier) if (s !== next) await cancelSubscriptionAtMollie(customerId, s.id);
  if (!next) {
    const mandateId = m.mollie_mandate_id ?? old?.mandateId;
    if (!mandateId) throw conflict('MANDATE_INVALID');
    // `metadata.replaces` names the subscription it takes over from (the retry above finds it).
    next = await createDeferredSubscription({
      customerId,
      mandateId,
      startDate,
      interval: plan.interval,
      ...charge,
      metadata: { uid: m.uid, planId: plan.id, replaces: oldId },
      key: `switch-${oldId}-${plan.id}`,
    });
  }
  // The old one goes before Kring records the new: if this fails, a retry finds `next` again.
  await cancelSubscriptionAtMollie(customerId, oldId);
  const recorded = await db.transaction().execute(async (tx) => {
    const locked = await lockMembership(tx, m.uid);
    // Canceled or ended meanwhile: the new subscription must not charge.
    if (!renews(locked) || locked.mollie_subscription_id !== oldId) return false;
    await setSubscription(tx, m.uid, {
      subscriptionId: next.id,
      interval: plan.interval,
      mandateId: m.mollie_mandate_id ?? old?.mandateId ?? null,
    });
    await switchMembershipPlan(tx, m.uid, plan);
    return true;
  });
  if (!recorded) {
    await cancelSubscriptionAtMollie(customerId, next.id);
    throw conflict('MEMBERSHIP_NOT_ACTIVE');
  }
  logs.info('plan switch: new subscription from the period end', {
    uid: m.uid,
    replaced: oldId,
    subscriptionId: next.id,
    startDate,
  });
}

/**
 * Whether Mollie made a charge on the subscription that Kring has not recorded with its final status
 * (a SEPA debit pending for days, a webhook on its way): it pays the period the switch starts after.
 */
async function hasUnsettledCharge(db: Db, uid: string, customerId: string, subscriptionId: string) {
  const charges = await listSubscriptionPayments(customerId, subscriptionId);
  if (charges.length === 0) return false;
  const ours = new Map((await listPayments(db, uid)).map((p) => [p.id, p.status]));
  return charges.some(
    (c) => !['paid', 'failed', 'canceled', 'expired'].includes(c.status) || ours.get(c.id) !== c.status,
  );
}
