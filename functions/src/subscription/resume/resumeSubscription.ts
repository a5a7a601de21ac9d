import type { resumeSubscription } from '@kring/contract';
import {
  findMembership,
  lockMembership,
  type MembershipRow,
  setSubscription,
  toSubscriptionStatus,
} from '../../accounts/memberships.repo.ts';
import { config } from '../../lib/config.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Handler } from '../../lib/handler.ts';
import { clearCancel } from '../billing/billing.repo.ts';
import { isUsableMandate } from '../billing/mollie-billing.ts';
import { cancelSubscriptionAtMollie, createDeferredSubscription } from '../mollie.ts';
import { requirePayingMember } from '../paying-member.ts';
import { listPayments } from '../payments.repo.ts';
import { amsterdamDate } from '../period.ts';
import { centsToValue } from '../plans/plans.repo.ts';
import { applyLifecycle, subscriptionCustomerOf } from '../sync-payment.ts';

/**
 * Canceled by the member, and the paid period has not ended: 'Opzegging intrekken' is offered. Not
 * while a complimentary membership runs: the renewals would charge for access the member has for free.
 */
export const isResumable = (m: MembershipRow | undefined, now: Date): m is MembershipRow =>
  m?.status === 'canceled' &&
  m.canceled_at !== null &&
  m.expires_at !== null &&
  m.expires_at > now &&
  m.comp_kind === null;

/**
 * 'Opzegging intrekken': re-creates the Mollie subscription on the mandate the member already gave,
 * first charged the day the paid period ends (nothing is charged now), with the amount the member
 * pays (the membership's price, else their last accepted payment's), then undoes the cancel in one transaction. After the end
 * date, or when the mandate is gone: 409 (the member becomes a member again with a new payment).
 */
export const resumeSubscriptionHandler: Handler<typeof resumeSubscription> = async ({ db, user }) => {
  await requirePayingMember(db, user);
  const now = new Date();
  const m = await findMembership(db, user.uid);
  if (!m) throw notFound('NO_MEMBERSHIP');
  if (!isResumable(m, now)) throw conflict('MEMBERSHIP_NOT_RESUMABLE');
  const customerId = await subscriptionCustomerOf(db, m);
  const mandateId = m.mollie_mandate_id;
  if (!customerId || !mandateId || !(await isUsableMandate(customerId, mandateId)))
    throw conflict('MANDATE_INVALID');
  const plan = (await listPayments(db, user.uid))
    .filter((p) => p.status === 'paid' && !p.amount_mismatch && p.purpose !== 'mandate')
    .at(-1);
  const subscription = await createDeferredSubscription({
    customerId,
    mandateId,
    startDate: amsterdamDate(m.expires_at!),
    interval: m.subscription_interval ?? config.price().interval,
    // The price the membership pays (0012: its plan's, also after a switch to another interval);
    // memberships from before plans: their last accepted payment's amount.
    amount:
      m.price_cents !== null
        ? { value: centsToValue(m.price_cents), currency: 'EUR' }
        : plan
          ? { value: plan.amount_value, currency: plan.amount_currency }
          : { value: config.price().value, currency: config.price().currency },
    description: config.price().description,
    metadata: { uid: user.uid, resumed: true },
    // Per cancel: a repeated click (or a lost answer) replays the same subscription.
    key: `resume-${user.uid}-${m.canceled_at!.getTime()}`,
  });
  const resumed = await db.transaction().execute(async (tx) => {
    const current = await lockMembership(tx, user.uid);
    // A second click at the same instant: Mollie replayed the first one's subscription (same
    // idempotency key) and that click stored it. It is the member's renewing subscription: keep it.
    if (current?.mollie_subscription_id === subscription.id && !current.subscription_stopped_at) return true;
    // The period may have ended (the job) while Mollie answered: then the new subscription goes again.
    if (!isResumable(current, now)) return false;
    await clearCancel(tx, user.uid);
    await setSubscription(tx, user.uid, { ...subscription, subscriptionId: subscription.id, mandateId });
    await applyLifecycle(tx, user.uid, now);
    return true;
  });
  if (!resumed) {
    await cancelSubscriptionAtMollie(customerId, subscription.id);
    throw conflict('MEMBERSHIP_NOT_RESUMABLE');
  }
  return toSubscriptionStatus(await findMembership(db, user.uid));
};
