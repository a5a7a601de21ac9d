import type { payMissedPeriod } from '@kring/contract';
import { findMembership } from '../../accounts/memberships.repo.ts';
import { conflict } from '../../lib/errors.ts';
import type { Handler } from '../../lib/handler.ts';
import { startBillingPayment } from '../billing/start-billing-payment.ts';
import { requirePayingMember } from '../paying-member.ts';
import { listPayments } from '../payments.repo.ts';
import { dunningOf } from './dunning-state.ts';

/**
 * 'Nu betalen': while a failed renewal is outstanding and access continues (the grace period), a
 * one-off iDEAL payment of the missed amount. Paid, it buys the missed period (lifecycle.ts) and the
 * subscription moves to its mandate (move-mandate.ts). Nothing outstanding, or access ended: 409.
 */
export const payMissedPeriodHandler: Handler<typeof payMissedPeriod> = async ({ db, user }) => {
  await requirePayingMember(db, user);
  return startBillingPayment(db, user.uid, 'missed_period', async () => {
    const m = await findMembership(db, user.uid);
    const dunning = m ? dunningOf(m, await listPayments(db, user.uid), new Date()) : null;
    if (!m || !dunning || dunning.due === 'ended') throw conflict('NO_MISSED_PAYMENT');
    return {
      membership: m,
      amount: { value: dunning.failed.amount_value, currency: dunning.failed.amount_currency },
      since: dunning.failed.created_at,
    };
  });
};
