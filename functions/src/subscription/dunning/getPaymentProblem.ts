import type { getPaymentProblem } from '@kring/contract';
import { findMembership } from '../../accounts/memberships.repo.ts';
import type { Handler } from '../../lib/handler.ts';
import { listPayments } from '../payments.repo.ts';
import { dunningOf } from './dunning-state.ts';
import { failureReasonText } from './failure-reasons.ts';

/** The member's outstanding failed renewal, for the banner on every member page (null: none). */
export const getPaymentProblemHandler: Handler<typeof getPaymentProblem> = async ({ db, user }) => {
  const m = await findMembership(db, user.uid);
  const dunning = m ? dunningOf(m, await listPayments(db, user.uid), new Date()) : null;
  if (!dunning || dunning.due === 'ended') return { problem: null };
  return {
    problem: {
      reason: failureReasonText(dunning.failed.failure_reason),
      accessUntil: dunning.accessUntil.toISOString(),
      amount: { value: dunning.failed.amount_value, currency: dunning.failed.amount_currency },
    },
  };
};
