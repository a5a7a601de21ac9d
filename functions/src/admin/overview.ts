import type { getOverviewAdmin, OutputOf } from '@kring/contract';
import { countOpenItems } from '../community/moderation/reports.repo.ts';
import type { Conn } from '../lib/db.ts';
import {
  type HistoryGroup,
  historyVersion,
  payingHistory,
  runningMonth,
  stateCounts,
} from './overview.repo.ts';

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

const amsterdamMonth = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
});
/** Longest a closed month's figures are kept without being asked for (memory; they stay exact anyway). */
const CLOSED_TTL_MS = 10 * 60_000;
const closedCache = new Map<string, { version: string; groups: HistoryGroup[]; expires: number }>();

/**
 * The 11 closed months of the history (points 0..10). They depend only on the running Amsterdam
 * month, the grace days and the rows migration 0023's counter watches, so they are kept per function
 * instance under that counter, read before them: a committed change to a payment or cancellation
 * of any month moves it and the next call recomputes (docs/admin.md "Overview").
 */
async function closedMonths(conn: Conn, now: Date, graceDays: number): Promise<HistoryGroup[]> {
  const key = `${amsterdamMonth.format(now)}|${graceDays}`;
  const version = await historyVersion(conn);
  const hit = closedCache.get(key);
  const t = Date.now();
  if (hit && hit.version === version && hit.expires > t) return hit.groups;
  const groups = await payingHistory(conn, now, graceDays, { from: 0, to: 10 });
  closedCache.delete(key);
  if (closedCache.size >= 8) closedCache.delete(closedCache.keys().next().value as string);
  closedCache.set(key, { version, groups, expires: t + CLOSED_TTL_MS });
  return groups;
}

/** Everything /beheer shows, taken at `now` (docs/admin.md "Overview"). */
export async function overview(conn: Conn, now: Date, graceDays: number): Promise<Overview> {
  const [c, closed, running, openReports] = await Promise.all([
    stateCounts(conn, now),
    closedMonths(conn, now, graceDays),
    runningMonth(conn, now, graceDays),
    countOpenItems(conn),
  ]);
  const months = history([...closed, ...running]);
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
