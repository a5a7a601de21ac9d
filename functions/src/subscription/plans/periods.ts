import type { PaymentRow } from '../payments.repo.ts';
import { addPeriod } from '../period.ts';

type PaidFacts = Pick<
  PaymentRow,
  'id' | 'status' | 'paid_at' | 'amount_mismatch' | 'reversed_at' | 'period' | 'purpose'
>;

export interface BoughtPeriod {
  start: Date;
  end: Date;
}

/**
 * The period each counted payment bought, as deriveMembership (lifecycle.ts) counts them: paid, the
 * plan's amount, not a new mandate's, no money gone back; in paid-date order, each from the later of
 * the running end and its paid date ('Nu betalen' from the running end). Payments that bought nothing
 * are not in the map.
 */
export function boughtPeriods(payments: PaidFacts[]): Map<string, BoughtPeriod> {
  const counted = payments
    .filter(
      (p) =>
        p.status === 'paid' &&
        p.paid_at !== null &&
        !p.amount_mismatch &&
        p.purpose !== 'mandate' &&
        p.reversed_at === null,
    )
    .sort((a, b) => a.paid_at!.getTime() - b.paid_at!.getTime() || a.id.localeCompare(b.id));
  const periods = new Map<string, BoughtPeriod>();
  let end: Date | null = null;
  for (const p of counted) {
    const start: Date =
      p.purpose === 'missed_period' && end ? end : end && end > p.paid_at! ? end : p.paid_at!;
    end = addPeriod(start, p.period);
    periods.set(p.id, { start, end });
  }
  return periods;
}
