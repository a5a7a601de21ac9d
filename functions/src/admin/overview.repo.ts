import { type RawBuilder, sql } from 'kysely';
import type { Conn } from '../lib/db.ts';

/** The only code that runs SQL for the admin's overview at /beheer (docs/admin.md "Overview"). */

export interface StateCounts {
  active: number;
  grace: number;
  cancelled_running: number;
  expired: number;
  pending: number;
  suspended: number;
  new_30: number;
  cancelled_30: number;
  expired_30: number;
  failed_count: number;
  failed_cents: number;
}

/**
 * One row of counts over every membership. The state is the member list's (members.repo.ts) with
 * `active` split: a renewing membership with `grace_until` set is in grace after a failed renewal.
 * Open failed renewals: the members in grace, with the amount of their latest failed or reversed renewal.
 */
export async function stateCounts(conn: Conn, now: Date): Promise<StateCounts> {
  const since = new Date(now.getTime() - 30 * 86_400_000);
  const { rows } = await sql<Record<keyof StateCounts, string>>`
    WITH s AS (
      SELECT m.*, CASE
        WHEN EXISTS (SELECT 1 FROM suspensions x WHERE x.uid = m.uid AND x.lifted_at IS NULL) THEN 'suspended'
        WHEN m.status = 'pending' THEN 'pending'
        WHEN m.status = 'active' AND m.grace_until IS NOT NULL THEN 'grace'
        WHEN m.status = 'active' THEN 'active'
        WHEN m.status = 'canceled' AND m.expires_at > ${now} THEN 'cancelled_running'
        ELSE 'expired' END AS state
      FROM memberships m
    )
    SELECT
      count(*) FILTER (WHERE state = 'active') AS active,
      count(*) FILTER (WHERE state = 'grace') AS grace,
      count(*) FILTER (WHERE state = 'cancelled_running') AS cancelled_running,
      count(*) FILTER (WHERE state = 'expired') AS expired,
      count(*) FILTER (WHERE state = 'pending') AS pending,
      count(*) FILTER (WHERE state = 'suspended') AS suspended,
      count(*) FILTER (WHERE subscribed_at > ${since} AND subscribed_at <= ${now}) AS new_30,
      count(*) FILTER (WHERE canceled_at > ${since} AND canceled_at <= ${now}) AS cancelled_30,
      count(*) FILTER (WHERE status = 'expired' AND expired_at > ${since} AND expired_at <= ${now}) AS expired_30,
      count(*) FILTER (WHERE status = 'active' AND grace_until IS NOT NULL) AS failed_count,
      coalesce(sum((
        SELECT round(p.amount_value::numeric * 100) FROM payments p
        WHERE p.uid = s.uid AND p.sequence_type = 'recurring' AND (p.status = 'failed' OR p.reversed_at IS NOT NULL)
        ORDER BY p.created_at DESC LIMIT 1
      )) FILTER (WHERE status = 'active' AND grace_until IS NOT NULL), 0) AS failed_cents
    FROM s`.execute(conn);
  const row = rows[0]!;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as unknown as StateCounts;
}

/** The month number (year * 12 + month) of a moment in Amsterdam; NULL stays NULL. */
const monthIndex = (expr: RawBuilder<unknown>) =>
  sql<number>`(extract(year FROM (${expr}) AT TIME ZONE 'Europe/Amsterdam') * 12
    + extract(month FROM (${expr}) AT TIME ZONE 'Europe/Amsterdam'))::int`;

export interface HistoryGroup {
  /** 0 = eleven months ago, 11 = the running month (taken at `now`). */
  k: number;
  /** 'YYYY-MM' (Amsterdam). */
  month: string;
  /** The month's end (the next month's first moment), or now for the running month. */
  at: Date;
  /** Null on a month's row without paying members. */
  renewing: boolean | null;
  /** The paying payment's period in months and days ('1 month' = 1, 0; '12 months' = 12, 0). */
  months: number | null;
  days: number | null;
  members: number;
  cents: string;
}

/**
 * Paying members at the end of each of the last 12 Amsterdam months (the running one at `now`),
 * grouped by whether they renew and by the period of the payment that paid for them (for MRR).
 * See docs/admin.md "Overview" for the definition; in short: the member's latest accepted, paid,
 * not reversed Mollie payment buys [paid_at, paid_at + period + grace) (no grace once cancelled).
 */
export async function payingHistory(conn: Conn, now: Date, graceDays: number): Promise<HistoryGroup[]> {
  const grace = `${graceDays} days`;
  const paidMonth = monthIndex(sql`p.paid_at`);
  const endMonth = monthIndex(sql`p.paid_at + p.iv + ${grace}::interval - interval '1 microsecond'`);
  const reversedMonth = monthIndex(sql`p.reversed_at`);
  const { rows } = await sql<HistoryGroup>`
    WITH base AS (
      SELECT ${monthIndex(sql`${now}::timestamptz`)} - 11 AS b
    ), t AS (
      SELECT k, to_char(date_trunc('month', ${now}::timestamptz AT TIME ZONE 'Europe/Amsterdam')
          - make_interval(months => 11 - k), 'YYYY-MM') AS month,
        CASE WHEN k = 11 THEN ${now}::timestamptz ELSE
        (date_trunc('month', ${now}::timestamptz AT TIME ZONE 'Europe/Amsterdam')
          - make_interval(months => 10 - k)) AT TIME ZONE 'Europe/Amsterdam' END AS at
      FROM generate_series(0, 11) k
    ), p AS (
      SELECT p.uid, p.paid_at, p.reversed_at, p.period::interval AS iv,
        round(p.amount_value::numeric * 100) AS cents
      FROM payments p
      WHERE p.status = 'paid' AND NOT p.amount_mismatch AND p.purpose IN ('membership', 'missed_period')
        AND p.paid_at IS NOT NULL AND p.paid_at < ${now}
        AND p.paid_at + p.period::interval + ${grace}::interval > (SELECT at FROM t WHERE k = 0)
    ), covered AS (
      SELECT DISTINCT ON (ks.k, p.uid) ks.k, p.uid, p.paid_at, p.iv, p.cents
      FROM p, base, LATERAL (
        SELECT k FROM generate_series(
          greatest(0, ${paidMonth} - base.b),
          least(10, ${endMonth} - base.b - 1, coalesce(${reversedMonth} - base.b - 1, 10))) k
        UNION ALL
        SELECT 11 WHERE p.paid_at + p.iv + ${grace}::interval > ${now}
          AND (p.reversed_at IS NULL OR p.reversed_at >= ${now})
      ) ks
      ORDER BY ks.k, p.uid, p.paid_at DESC
    ), judged AS (
      SELECT c.*, t.at, (m.canceled_at IS NOT NULL AND m.canceled_at < t.at
          AND NOT (m.subscribed_at IS NOT NULL AND m.subscribed_at <= t.at AND m.canceled_at < m.subscribed_at)
        ) AS cancelled
      FROM covered c JOIN t USING (k) LEFT JOIN memberships m ON m.uid = c.uid
    )
    SELECT t.k, t.month, t.at, g.renewing, g.months, g.days, coalesce(g.members, 0) AS members,
      coalesce(g.cents, '0') AS cents
    FROM t LEFT JOIN (
      SELECT k, NOT cancelled AS renewing, (extract(year FROM iv) * 12 + extract(month FROM iv))::int AS months,
        extract(day FROM iv)::int AS days, count(*)::int AS members, sum(cents)::text AS cents
      FROM judged
      WHERE NOT cancelled OR paid_at + iv > at
      GROUP BY k, renewing, months, days
    ) g USING (k)
    ORDER BY t.k`.execute(conn);
  return rows;
}
