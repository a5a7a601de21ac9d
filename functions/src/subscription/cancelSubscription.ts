import type { cancelSubscription } from '@kring/contract';
import {
  findMembership,
  markCanceled,
  markSubscriptionStopped,
  toSubscriptionStatus,
} from '../accounts/memberships.repo.ts';
import { conflict, notFound } from '../lib/errors.ts';
import type { Handler } from '../lib/handler.ts';
import { cancelSubscriptionAtMollie } from './mollie.ts';
import { requirePayingMember } from './paying-member.ts';
import { applyLifecycle, settleMembership, subscriptionCustomerOf } from './sync-payment.ts';

/**
 * Stops the renewals: the Mollie subscription is canceled first (when Mollie is unreachable: 503 and
 * nothing changes), then the membership is marked canceled; access lasts until expiresAt. Calling it
 * again changes nothing.
 *
 * Members may cancel, and so may a suspended member: the suspension sets the role to None until the
 * date, but the subscription keeps charging, and stopping payment is not something a suspension takes
 * away. Everyone else is refused as the router refuses a member-only call (403 ROLE_REQUIRED), so a
 * visitor or an expired member's stale token sees what it saw before.
 */
export const cancelSubscriptionHandler: Handler<typeof cancelSubscription> = async ({ db, user }) => {
  await requirePayingMember(db, user);
  const membership = await findMembership(db, user.uid);
  if (!membership) throw notFound('NO_MEMBERSHIP');
  if (membership.status === 'pending') throw conflict('MEMBERSHIP_NOT_ACTIVE');
  if (membership.status === 'active') {
    const subscriptionId = membership.mollie_subscription_id;
    if (subscriptionId && membership.subscription_stopped_at === null) {
      // Addressed to the customer the subscription lives on, which Mollie checks: asking another
      // customer answers 404, which would count as stopped while Mollie keeps charging.
      const customerId = await subscriptionCustomerOf(db, membership);
      if (customerId) await cancelSubscriptionAtMollie(customerId, subscriptionId);
    }
    const now = new Date();
    await db.transaction().execute(async (tx) => {
      await markCanceled(tx, user.uid, now);
      if (subscriptionId) await markSubscriptionStopped(tx, user.uid, subscriptionId, now);
      await applyLifecycle(tx, user.uid, now);
    });
  }
  // Also finishes what an earlier call or a racing webhook left (a subscription made meanwhile).
  await settleMembership(db, user.uid);
  return toSubscriptionStatus(await findMembership(db, user.uid));
};
