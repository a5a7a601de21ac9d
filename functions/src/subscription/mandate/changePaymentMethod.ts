import type { changePaymentMethod } from '@kring/contract';
import { findMembership } from '../../accounts/memberships.repo.ts';
import { config } from '../../lib/config.ts';
import { conflict } from '../../lib/errors.ts';
import type { Handler } from '../../lib/handler.ts';
import { mandateAmount } from '../billing/mollie-billing.ts';
import { startBillingPayment } from '../billing/start-billing-payment.ts';
import { requirePayingMember } from '../paying-member.ts';

/**
 * 'Betaalmethode wijzigen': an iDEAL payment of 0.01 from the account the member wants to pay from
 * makes a new mandate; once paid the subscription's next charges go to it (move-mandate.ts). The
 * cent buys nothing. Only while the membership renews (active, subscription live): 409 otherwise.
 */
export const changePaymentMethodHandler: Handler<typeof changePaymentMethod> = async ({ db, user }) => {
  await requirePayingMember(db, user);
  return startBillingPayment(db, user.uid, 'mandate', async () => {
    const m = await findMembership(db, user.uid);
    const renewing = m?.status === 'active' && m.mollie_subscription_id && !m.subscription_stopped_at;
    if (!m || !renewing) throw conflict('MEMBERSHIP_NOT_RENEWING');
    return {
      membership: m,
      amount: { value: mandateAmount, currency: config.price().currency },
      // An open one from the last 15 minutes (a checkout's life) is handed out again.
      since: new Date(Date.now() - 15 * 60_000),
    };
  });
};
