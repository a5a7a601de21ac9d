import type { MembershipRow } from '../../accounts/memberships.repo.ts';
import type { DunningMailKind } from '../../db/schema.ts';
import type { PaymentRow } from '../payments.repo.ts';
import { addDays } from '../period.ts';

/** The reminder goes this many days before the grace period ends. */
export const reminderDaysBefore = 2;

export interface Dunning {
  /** The renewal that failed (or whose money went back) and is not paid yet. */
  failed: PaymentRow;
  /** When access ends unless paid: the membership's grace_until. */
  accessUntil: Date;
  /** The mail due now: 'failed' at once, 'reminder' in the last two days, 'ended' once access ended. */
  due: DunningMailKind;
}

/**
 * The dunning state of a membership, from the membership (derived by lifecycle.ts) and its payments:
 * null unless a renewal failed after the last paid payment and either access continues until the end
 * of the grace period (renewing) or it ended there (expired, not canceled by the member).
 */
export function dunningOf(m: MembershipRow, payments: PaymentRow[], now: Date): Dunning | null {
  if (m.grace_until === null) return null;
  const renewing = m.status === 'active';
  const endedByIt = m.status === 'expired' && m.canceled_at === null;
  if (!renewing && !endedByIt) return null;
  const lastPaid = Math.max(
    0,
    ...payments
      .filter((p) => p.status === 'paid' && p.purpose !== 'mandate' && !p.amount_mismatch && !p.reversed_at)
      .map((p) => p.created_at.getTime()),
  );
  const failed = payments
    .filter(
      (p) =>
        p.created_at.getTime() > lastPaid &&
        ((p.sequence_type === 'recurring' && p.status === 'failed') ||
          ((p.sequence_type === 'recurring' || p.purpose === 'missed_period') && p.reversed_at !== null)),
    )
    .at(-1);
  if (!failed) return null;
  const accessUntil = m.grace_until;
  const due: DunningMailKind = endedByIt
    ? 'ended'
    : now >= addDays(accessUntil, -reminderDaysBefore)
      ? 'reminder'
      : 'failed';
  return { failed, accessUntil, due };
}
