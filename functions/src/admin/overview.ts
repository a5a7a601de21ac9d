import type { getOverviewAdmin, OutputOf } from '@kring/contract';
import { countOpenItems } from '../community/moderation/reports.repo.ts';
import type { Conn } from '../lib/db.ts';
import { type HistoryGroup, payingHistory, stateCounts } from './overview.repo.ts';

/** A non-negative fraction of cents, kept exact until the one rounding at the end. */
interface Fraction {
  n: bigint;
  d: bigint;
}
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
const add = (x: Fraction, y: Fraction): Fraction => {
  const n = x.n * y.d + y.n * x.d;
  const d = x.d * y.d;
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
};

/**
 * Monthly recurring revenue in cents: each renewing member's payment divided by its period in
 * months (a month of days counts 365.25 / 12 days, for 'N days' or 'N weeks' plans), summed
 * exactly and rounded once, half up. 100 yearly members at 9900 give 82500; one gives 825.
 */
export function mrrCents(
  groups: readonly Pick<HistoryGroup, 'months' | 'days' | 'cents' | 'renewing'>[],
): number {
  let total: Fraction = { n: 0n, d: 1n };
  for (const g of groups) {
    if (!g.renewing) continue;
    // cents / (months + days * 48 / 1461) = cents * 1461 / (1461 * months + 48 * days)
    const d = 1461n * BigInt(g.months ?? 0) + 48n * BigInt(g.days ?? 0);
    if (d <= 0n) continue;
    total = add(total, { n: BigInt(g.cents) * 1461n, d });
  }
  return Number((2n * total.n + total.d) / (2n * total.d));
}

type Overview = OutputOf<typeof getOverviewAdmin>;

/** 12 points, oldest first (the repo answers every month, with a row of zeros when nobody paid). */
function history(groups: readonly HistoryGroup[]): Overview['history'] {
  return Array.from({ length: 12 }, (_, k) => {
    const gs = groups.filter((g) => g.k === k);
    const first = gs[0];
    if (!first) throw new Error(`overview: no history row for month ${k}`);
    return {
      month: first.month,
      at: first.at.toISOString(),
      payingMembers: gs.reduce((s, g) => s + g.members, 0),
      mrrCents: mrrCents(gs),
    };
  });
}

/** Everything /beheer shows, taken at `now` (docs/admin.md "Overview"). */
export async function overview(conn: Conn, now: Date, graceDays: number): Promise<Overview> {
  const [c, groups, openReports] = await Promise.all([
    stateCounts(conn, now),
    payingHistory(conn, now, graceDays),
    countOpenItems(conn),
  ]);
  const months = history(groups);
  const current = months[11]!;
  return {
    at: now.toISOString(),
    states: {
      active: c.active,
      grace: c.grace,
      comp: c.comp,
      noMembership: c.no_membership,
      cancelledRunning: c.cancelled_running,
      expired: c.expired,
      pending: c.pending,
      suspended: c.suspended,
    },
    payingMembers: current.payingMembers,
    mrrCents: current.mrrCents,
    last30Days: { new: c.new_30, cancelled: c.cancelled_30, expired: c.expired_30 },
    openFailedRenewals: { count: c.failed_count, amountCents: c.failed_cents },
    openReports,
    history: months,
  };
}
