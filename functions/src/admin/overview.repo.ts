import { type RawBuilder, sql } from 'kysely';
import type { Conn } from '../lib/db.ts';

/** The only code that runs SQL for the admin's overview at /beheer (docs/admin.md "Overview"). */

export interface StateCounts {
  active: number;
  grace: number;
  comp: number;
  no_membership: number;
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
 * One row of counts over everyone the member list shows (a membership row, or a moderator or admin
 * without one). The state is the member list's (members.repo.ts `stateSql`, in the same order) with
 * `active` split: a renewing membership with `grace_until` set is in grace after a failed renewal.
 * Open failed renewals: the members in grace, with the amount of their latest failed or reversed renewal.
 */
export async function stateCounts(conn: Conn, now: Date): Promise<StateCounts> {
  const since = new Date(now.getTime() - 30 * 86_400_000);
  const { rows } = await sql<Record<keyof StateCounts, string>>`
    WITH s AS MATERIALIZED (
      SELECT m.uid, m.status, m.subscribed_at, m.canceled_at, m.expired_at, m.grace_until, CASE
        WHEN x.uid IS NOT NULL THEN 'suspended'
        WHEN m.uid IS NULL THEN 'no_membership'
        WHEN m.comp_kind IS NOT NULL THEN 'comp'
        WHEN m.status = 'pending' THEN 'pending'
        WHEN m.status = 'active' AND m.grace_until IS NOT NULL THEN 'grace'
        WHEN m.status = 'active' THEN 'active'
        WHEN m.status = 'canceled' AND m.expires_at > ${now} THEN 'cancelled_running'
        ELSE 'expired' END AS state
      FROM accounts a LEFT JOIN memberships m ON m.uid = a.uid
        LEFT JOIN suspensions x ON x.uid = a.uid AND x.lifted_at IS NULL
      WHERE m.uid IS NOT NULL OR a.role >= 2
    ), failed AS (
      SELECT f.cents FROM memberships m LEFT JOIN LATERAL (
        SELECT round(p.amount_value::numeric * 100) AS cents FROM payments p
        WHERE p.uid = m.uid AND p.sequence_type = 'recurring' AND (p.status = 'failed' OR p.reversed_at IS NOT NULL)
        ORDER BY p.created_at DESC LIMIT 1
      ) f ON true
      WHERE m.status = 'active' AND m.grace_until IS NOT NULL
    )
    SELECT
      count(*) FILTER (WHERE state = 'active') AS active,
      count(*) FILTER (WHERE state = 'grace') AS grace,
      count(*) FILTER (WHERE state = 'comp') AS comp,
      count(*) FILTER (WHERE state = 'no_membership') AS no_membership,
      count(*) FILTER (WHERE state = 'cancelled_running') AS cancelled_running,
      count(*) FILTER (WHERE state = 'expired') AS expired,
      count(*) FILTER (WHERE state = 'pending') AS pending,
      count(*) FILTER (WHERE state = 'suspended') AS suspended,
      count(*) FILTER (WHERE subscribed_at > ${since} AND subscribed_at <= ${now}) AS new_30,
      count(*) FILTER (WHERE canceled_at > ${since} AND canceled_at <= ${now}) AS cancelled_30,
      count(*) FILTER (WHERE status = 'expired' AND expired_at > ${since} AND expired_at <= ${now}) AS expired_30,
      (SELECT count(*) FROM failed) AS failed_count,
      (SELECT coalesce(sum(cents), 0) FROM failed) AS failed_cents
    FROM s`.execute(conn);
  const row = rows[0]!;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as unknown as StateCounts;
}

export interface HistoryGroup {
  /** 0 = eleven months ago, 11 = the running month (taken at `now`). */
  k: number;
  /** 'YYYY-MM' (Amsterdam). */
  month: string;
  /** The month's end (the next month's first moment), or now for the running month. */
  at: Date;
  /** Null on a month's row without paying members. Several rows per (k, renewing, months, days) can come. */
  renewing: boolean | null;
  /** The paying payment's period in months and days ('1 month' = 1, 0; '12 months' = 12, 0). */
  months: number | null;
  days: number | null;
  members: number;
  cents: string;
}

/**
 * Paying members at the end of each of the last 12 Amsterdam months (the running one at `now`), or of
 * points `from`..`to` of them only (the same figures: each point is decided on its own),
 * grouped by whether they renew and by the period of the payment that paid for them (for MRR).
 * See docs/admin.md "Overview": at moment T a member's latest accepted Mollie payment paid before T
 * decides; they pay at T when it was not reversed by T and T < paid_at + period + grace (no grace once
 * cancelled). Each payment decides the points from its paid date until the next payment (window
 * `lead`), so a member is counted once per point without sorting the expanded rows.
 */
export async function payingHistory(
  conn: Conn,
  now: Date,
  graceDays: number,
  points: { from: number; to: number } = { from: 0, to: 11 },
): Promise<HistoryGroup[]> {
  // The planner's guess for the expanded rows is far too high and would start JIT compilation,
  // which costs more than the whole statement (docs/benchmarks.md "Admin cockpit"): off for this one.
  if (!conn.isTransaction)
    return conn.transaction().execute((trx) => payingHistory(trx, now, graceDays, points));
  const { from, to } = points;
  await sql`SET LOCAL jit = off`.execute(conn);
  const grace = `${graceDays} days`;
  // Points are numbered 0..11; `bounds` holds the moments of points 0..10 (month ends), ascending.
  // width_bucket(x, bounds) = how many of them are <= x, so a moment x lies before point k <=> k >= wb(x),
  // and at or after point k <=> k <= wb(x) - 1 (a binary search, no time-zone arithmetic per row).
  const wb = (e: RawBuilder<unknown>) => sql<number>`width_bucket(${e}, bounds.a)`;
  const until = (e: RawBuilder<unknown>) => sql<number>`coalesce(${wb(e)} - 1, 10)`;
  // Not renewing at t.at: cancelled, or the Mollie subscription stopped without a cancellation (a first
  // payment whose subscription Mollie refused or that was paid while a comp ran: lifecycle.ts counts both
  // as not renewing), before t.at and, for t.at in the current cycle, not before it (an earlier cycle's).
  const stoppedBy = (e: RawBuilder<unknown>) =>
    sql<boolean>`(${e} < t.at AND NOT (m.subscribed_at IS NOT NULL AND m.subscribed_at <= t.at AND ${e} < m.subscribed_at))`;
  const { rows } = await sql<HistoryGroup>`
    WITH t AS (
      SELECT k, to_char(date_trunc('month', ${now}::timestamptz AT TIME ZONE 'Europe/Amsterdam')
          - make_interval(months => 11 - k), 'YYYY-MM') AS month,
        CASE WHEN k = 11 THEN ${now}::timestamptz ELSE
          (date_trunc('month', ${now}::timestamptz AT TIME ZONE 'Europe/Amsterdam')
            - make_interval(months => 10 - k)) AT TIME ZONE 'Europe/Amsterdam' END AS at
      FROM generate_series(0, 11) k
    ), bounds AS (
      SELECT array_agg(at ORDER BY k) AS a FROM t WHERE k < 11
    ), p AS (
      SELECT p.uid, p.paid_at, p.reversed_at, p.period, p.amount_value,
        lead(p.paid_at) OVER (PARTITION BY p.uid ORDER BY p.paid_at) AS next_at
      FROM payments p
      WHERE p.status = 'paid' AND NOT p.amount_mismatch AND p.purpose IN ('membership', 'missed_period')
        AND p.paid_at < ${now}
    ), q AS (
      SELECT p.*, p.period::interval AS iv, p.paid_at + p.period::interval + ${grace}::interval AS covered_until
      FROM p
    ), ranged AS (
      SELECT q.*, ${wb(sql`q.paid_at`)} AS lo,
        CASE WHEN q.next_at IS NULL AND (q.reversed_at IS NULL OR q.reversed_at >= ${now})
            AND q.covered_until > ${now} THEN 11
          ELSE least(${until(sql`q.next_at`)}, ${until(sql`q.reversed_at`)},
            ${wb(sql`q.covered_until - interval '1 microsecond'`)} - 1, 10) END AS hi
      FROM q, bounds
      WHERE q.covered_until > bounds.a[1]
    ), covered AS (
      SELECT uid, paid_at, iv, period, amount_value,
        generate_series(greatest(lo, ${from}::int), least(hi, ${to}::int)) AS k
      FROM ranged WHERE greatest(lo, ${from}::int) <= least(hi, ${to}::int)
    ), judged AS (
      SELECT c.*, t.at, coalesce(${stoppedBy(sql`m.canceled_at`)} OR ${stoppedBy(sql`m.subscription_stopped_at`)},
          false) AS cancelled
      FROM covered c JOIN t USING (k) LEFT JOIN (
        SELECT uid, canceled_at, subscription_stopped_at, subscribed_at FROM memberships
        WHERE canceled_at IS NOT NULL OR subscription_stopped_at IS NOT NULL
      ) m ON m.uid = c.uid
    ), grouped AS (
      -- Grouped by the payment's period and amount as text: the parsing happens once per group.
      SELECT k, NOT cancelled AS renewing, period, amount_value, count(*)::int AS members
      FROM judged
      WHERE NOT cancelled OR paid_at + iv > at
      GROUP BY k, renewing, period, amount_value
    )
    SELECT t.k, t.month, t.at, g.renewing,
      (extract(year FROM g.period::interval) * 12 + extract(month FROM g.period::interval))::int AS months,
      extract(day FROM g.period::interval)::int AS days, coalesce(g.members, 0) AS members,
      coalesce((round(g.amount_value::numeric * 100) * g.members)::text, '0') AS cents
    FROM t LEFT JOIN grouped g USING (k)
    WHERE t.k BETWEEN ${from}::int AND ${to}::int
    ORDER BY t.k`.execute(conn);
  return rows;
}

/**
 * The running month's point of {@link payingHistory} alone (k = 11, at `now`), the same figures by the
 * same rule, without the window over every payment: per account, its latest accepted paid payment
 * before `now` through payments_paying_idx (one index probe each), kept when not reversed by `now` and
 * covering `now` (with grace unless cancelled or stopped, as judged at `now`).
 */
export async function runningMonth(conn: Conn, now: Date, graceDays: number): Promise<HistoryGroup[]> {
  if (!conn.isTransaction) return conn.transaction().execute((trx) => runningMonth(trx, now, graceDays));
  await sql`SET LOCAL jit = off`.execute(conn);
  const grace = `${graceDays} days`;
  const stoppedBy = (e: RawBuilder<unknown>) =>
    sql<boolean>`(${e} < ${now}::timestamptz AND NOT (m.subscribed_at IS NOT NULL AND m.subscribed_at <= ${now}::timestamptz AND ${e} < m.subscribed_at))`;
  const { rows } = await sql<HistoryGroup>`
    WITH latest AS (
      SELECT l.*, l.period::interval AS iv FROM accounts a CROSS JOIN LATERAL (
        SELECT p.uid, p.paid_at, p.reversed_at, p.period, p.amount_value FROM payments p
        WHERE p.uid = a.uid AND p.status = 'paid' AND NOT p.amount_mismatch
          AND p.purpose IN ('membership', 'missed_period') AND p.paid_at < ${now}
        ORDER BY p.paid_at DESC LIMIT 1
      ) l
    ), judged AS (
      SELECT l.*, coalesce(${stoppedBy(sql`m.canceled_at`)} OR ${stoppedBy(sql`m.subscription_stopped_at`)},
          false) AS cancelled
      FROM latest l LEFT JOIN memberships m ON m.uid = l.uid
      WHERE (l.reversed_at IS NULL OR l.reversed_at >= ${now}) AND l.paid_at + l.iv + ${grace}::interval > ${now}
    ), grouped AS (
      SELECT NOT cancelled AS renewing, period, amount_value, count(*)::int AS members
      FROM judged
      WHERE NOT cancelled OR paid_at + iv > ${now}
      GROUP BY renewing, period, amount_value
    ), t AS (
      SELECT 11 AS k, to_char(${now}::timestamptz AT TIME ZONE 'Europe/Amsterdam', 'YYYY-MM') AS month,
        ${now}::timestamptz AS at
    )
    SELECT t.k, t.month, t.at, g.renewing,
      (extract(year FROM g.period::interval) * 12 + extract(month FROM g.period::interval))::int AS months,
      extract(day FROM g.period::interval)::int AS days, coalesce(g.members, 0) AS members,
      coalesce((round(g.amount_value::numeric * 100) * g.members)::text, '0') AS cents
    FROM t LEFT JOIN grouped g ON true`.execute(conn);
  return rows;
}

/**
 * A number that goes up, in the same transaction, with every change to what the history's closed
 * months read (migration 0023's triggers): the overview's cache of those months is valid while it stays.
 */
export async function historyVersion(conn: Conn): Promise<string> {
  const { rows } = await sql<{ n: string }>`SELECT n::text AS n FROM overview_version WHERE id = 1`.execute(
    conn,
  );
  return rows[0]?.n ?? '0';
}
