import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { type Endpoint, endpointPath, getOverviewAdmin, listMembersAdmin, Role } from '@kring/contract';
import { sql } from 'kysely';
import { setRole } from '../../functions/src/accounts/roles.ts';
import { overview } from '../../functions/src/admin/overview.ts';
import { handleApiRequest } from '../../functions/src/http/router.ts';
import { createDb, type Db, migrateToLatest } from '../../functions/src/lib/db.ts';
import { authCall, startAuthEmulator } from './auth-emulator.ts';
import { startBenchDatabase } from './database.ts';
import { loadText, printResultTable, stopBench } from './report.ts';

/**
 * Admin cockpit benchmark (issue 25, docs/benchmarks.md "Admin cockpit"): 10,000 members with
 * 120,000 payments, then p50/p95 of getOverviewAdmin and listMembersAdmin (first page, a search, a
 * state filter, page 5 by cursor) through the real router with a real Auth emulator token, and of the
 * overview's SQL alone. Not part of npm test.
 *
 *   npx tsx scripts/bench/admin.ts [--members 10000 --payments-per-member 12 --n 50 --warmup 5]
 *   npx tsx scripts/bench/admin.ts --drop-indexes   # the same without migration 0019's indexes
 *
 * BENCH_DATABASE_URL=postgres://… uses that server (its public schema is DROPPED first); without it
 * the embedded PGlite runs in memory.
 */

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '10000' },
    'payments-per-member': { type: 'string', default: '12' },
    n: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '5' },
    'drop-indexes': { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
  },
});
const members = Number(args.members);
const perMember = Number(args['payments-per-member']);
const runs = Number(args.n);
const warmup = Number(args.warmup);
process.env.RATE_LIMITS = 'off';
// The admin signs in once; the calls take minutes, longer than the five minutes 'recent' allows.
process.env.RECENT_SIGN_IN_SECONDS = '86400';
process.env.MEMBERSHIP_GRACE_DAYS ??= '7';
const t0 = performance.now();
const say = (line: string) => console.log(`[${((performance.now() - t0) / 1000).toFixed(1)} s] ${line}`);
let benchDb: Db;
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/**
 * Members i = 1..N, deterministic: per 100, 70 monthly and 10 yearly renewing, 4 in grace after a
 * failed renewal, 6 cancelled but running, 6 expired, 4 pending; 1 in 250 suspended. Each has
 * `perMember` payments, one a month back from this month (a yearly member's latest is the yearly one).
 */
async function seed(db: Db) {
  await sql`
    INSERT INTO accounts (uid, email, role)
    SELECT 'bench-' || i, 'lid' || i || '@voorbeeld.nl', 1 FROM generate_series(1, ${members}) i`.execute(db);
  await sql`
    INSERT INTO profiles (uid, name)
    SELECT 'bench-' || i, 'lid_' || lpad(i::text, 5, '0') FROM generate_series(1, ${members}) i;
  `.execute(db);
  await sql`
    WITH n AS (
      SELECT i, i % 100 AS c,
        (ARRAY['Anna','Bram','Cor','Daan','Eva','Fleur','Gijs','Hanna','Ivo','Joris','Kim','Lotte','Mees',
          'Noor','Olaf','Pien','Quinten','Roos','Sanne','Tim','Umut','Vera','Wout','Yara','Zoë'])[1 + (i * 7) % 25] AS f,
        (ARRAY['de Jong','Jansen','de Vries','van den Berg','van Dijk','Bakker','Janssen','Visser','Smit',
          'Meijer','de Boer','Mulder','de Groot','Bos','Vos','Peters','Hendriks','van Leeuwen','Dekker',
          'Brouwer'])[1 + (i * 13) % 20] AS l
      FROM generate_series(1, ${members}) i
    )
    INSERT INTO memberships (uid, first_name, last_name, birthdate, phone_number, street_name, house_number,
      postal_code, city, status, plan_id, price_cents, subscription_interval, subscribed_at, canceled_at,
      expires_at, expired_at, grace_until, created_at)
    SELECT 'bench-' || i, f, l, '1980-01-01', '0612345678', 'Dorpsstraat', (i % 200)::text, '1234AB', 'Utrecht',
      CASE WHEN c < 84 THEN 'active' WHEN c < 90 THEN 'canceled' WHEN c < 96 THEN 'expired' ELSE 'pending' END,
      CASE WHEN c BETWEEN 70 AND 79 THEN 'jaarlijks' ELSE 'maandelijks' END,
      CASE WHEN c BETWEEN 70 AND 79 THEN 9900 ELSE 995 END,
      CASE WHEN c BETWEEN 70 AND 79 THEN '12 months' ELSE '1 month' END,
      CASE WHEN c < 96 THEN now() - make_interval(days => 30 * ${perMember} + i % 28) END,
      CASE WHEN c BETWEEN 84 AND 89 THEN now() - make_interval(days => i % 40) END,
      CASE WHEN c < 90 THEN now() + make_interval(days => 1 + i % 28) WHEN c < 96 THEN now() - make_interval(days => 1 + i % 60) END,
      CASE WHEN c BETWEEN 90 AND 95 THEN now() - make_interval(days => 1 + i % 60) END,
      CASE WHEN c BETWEEN 80 AND 83 THEN now() + make_interval(days => 1 + i % 7) END,
      now() - make_interval(days => 30 * ${perMember} + 1 + i % 28)
    FROM n`.execute(db);
  await sql`
    INSERT INTO suspensions (uid, suspended_until, previous_role, reason)
    SELECT 'bench-' || i, now() + interval '10 days', 1, 'Benchmark' FROM generate_series(250, ${members}, 250) i;
  `.execute(db);
  await sql`
    WITH p AS (
      SELECT i, j, i % 100 AS c, now() - make_interval(months => j, days => i % 28) AS at
      FROM generate_series(1, ${members}) i, generate_series(0, ${perMember - 1}) j
    )
    INSERT INTO payments (id, uid, sequence_type, status, amount_value, amount_currency, paid_at, failed_at,
      created_at, period, plan_id, method, customer_id)
    SELECT 'tr_bench_' || i || '_' || j, 'bench-' || i,
      CASE WHEN j = ${perMember - 1} THEN 'first' ELSE 'recurring' END,
      CASE WHEN c >= 96 THEN 'expired'
        WHEN c BETWEEN 80 AND 83 AND j = 0 THEN 'failed'
        WHEN c BETWEEN 90 AND 95 AND j < 2 THEN 'failed'
        ELSE 'paid' END,
      CASE WHEN c BETWEEN 70 AND 79 AND j = 0 THEN '99.00' ELSE '9.95' END, 'EUR',
      CASE WHEN c >= 96 OR (c BETWEEN 80 AND 83 AND j = 0) OR (c BETWEEN 90 AND 95 AND j < 2) THEN NULL ELSE at END,
      CASE WHEN (c BETWEEN 80 AND 83 AND j = 0) OR (c BETWEEN 90 AND 95 AND j < 2) THEN at END,
      at,
      CASE WHEN c BETWEEN 70 AND 79 AND j = 0 THEN '12 months' ELSE '1 month' END,
      CASE WHEN c BETWEEN 70 AND 79 AND j = 0 THEN 'jaarlijks' ELSE 'maandelijks' END,
      CASE WHEN j = ${perMember - 1} THEN 'ideal' ELSE 'directdebit' END, 'cst_bench_' || i
    FROM p;
  `.execute(db);
}

/** An admin: an Auth emulator user with the Admin claim and a fresh sign-in. */
async function createAdmin(db: Db, host: string) {
  const email = `bench-admin-${Date.now()}@kring.test`;
  const password = 'bench-wachtwoord-1';
  const { localId } = await authCall(host, 'accounts:signUp', { email, password, returnSecureToken: true });
  await setRole(db, localId, Role.Admin);
  const { idToken } = await authCall(host, 'accounts:signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  return idToken;
}

/**
 * CPU milliseconds all of this database's PostgreSQL backends have used (/proc/<pid>/stat, utime +
 * stime in 10 ms ticks): unlike latency, it hardly depends on what else the machine runs.
 */
async function databaseCpuMs(db: Db): Promise<Map<number, number>> {
  const { rows } = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE datname = current_database()`.execute(db);
  const ms = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ms.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // the backend ended
    }
  }
  return ms;
}

/** CPU used between two readings (a backend that started in between counts from zero). */
const cpuSpent = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

async function time(label: string, n: number, once: () => Promise<unknown>, rows: string[]) {
  for (let i = 0; i < warmup; i++) await once();
  const cpuBefore = await databaseCpuMs(benchDb);
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await once();
    times.push(performance.now() - start);
  }
  const cpu = cpuSpent(cpuBefore, await databaseCpuMs(benchDb)) / n;
  times.sort((a, b) => a - b);
  const [p50, p95] = [quantile(times, 0.5).toFixed(1), quantile(times, 0.95).toFixed(1)];
  say(`${label}: p50 ${p50} ms, p95 ${p95} ms, PostgreSQL CPU ${cpu.toFixed(1)} ms a call`);
  rows.push(`| ${label} | ${p50} | ${p95} | ${cpu.toFixed(1)} |`);
}

async function dropOverviewIndexes(db: Db) {
  const { rows } = await sql<{ indexname: string }>`
    SELECT indexname FROM pg_indexes WHERE indexname = 'payments_paying_idx'`.execute(db);
  for (const r of rows) await sql`DROP INDEX ${sql.id(r.indexname)}`.execute(db);
  say(
    `dropped ${rows.length} indexes of migration 0019: ${rows.map((r) => r.indexname).join(', ') || '(none)'}`,
  );
}

async function run(db: Db, token: string) {
  const api = async <E extends Endpoint>(e: E, input: unknown) => {
    const res = await handleApiRequest(
      {
        method: 'POST',
        path: endpointPath(e),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        rawBody: Buffer.from(JSON.stringify(input)),
      },
      { db },
    );
    if (res.status !== 200) throw new Error(`${e.name} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body as { nextCursor?: string | null; items?: unknown[] };
  };
  const rows: string[] = [];
  const first = await api(getOverviewAdmin, {});
  say(`overview: ${JSON.stringify({ ...first, history: undefined })}`);
  await time('getOverviewAdmin (call)', runs, () => api(getOverviewAdmin, {}), rows);
  await time('overview SQL alone (closed months cached)', runs, () => overview(db, new Date(), 7), rows);
  // Every call after a change to a past month's payment (a reversal set or cleared): the closed months
  // are recomputed (docs/admin.md "Overview", the staleness rule). The change itself is timed too.
  const { rows: old } = await sql<{ id: string }>`
    SELECT id FROM payments WHERE status = 'paid' AND paid_at < now() - interval '3 months'
    ORDER BY paid_at LIMIT 1`.execute(db);
  const toggle = () =>
    sql`UPDATE payments SET reversed_at = CASE WHEN reversed_at IS NULL THEN paid_at + interval '1 day' END
      WHERE id = ${old[0]!.id}`.execute(db);
  await time(
    'getOverviewAdmin after a past payment changed (closed months recomputed)',
    runs,
    async () => {
      await toggle();
      return api(getOverviewAdmin, {});
    },
    rows,
  );
  await sql`UPDATE payments SET reversed_at = NULL WHERE id = ${old[0]!.id}`.execute(db);
  const again = await api(getOverviewAdmin, {});
  // The same figures as the first call (the moments `at` of the call and its running month aside).
  const figures = (o: unknown) => JSON.stringify(o, (k, v) => (k === 'at' ? undefined : v));
  if (figures(again) !== figures(first))
    throw new Error('the overview changed after the reversal was undone');
  const list = (input: Record<string, unknown>) => api(listMembersAdmin, { pageSize: 25, ...input });
  await time('listMembersAdmin, first page (by name)', runs, () => list({}), rows);
  await time('listMembersAdmin, newest first', runs, () => list({ sort: 'newest' }), rows);
  await time("listMembersAdmin, search 'jans'", runs, () => list({ q: 'jans' }), rows);
  await time("listMembersAdmin, search 'lid4321@'", runs, () => list({ q: 'lid4321@' }), rows);
  await time(
    'listMembersAdmin, state cancelled_running',
    runs,
    () => list({ state: 'cancelled_running' }),
    rows,
  );
  let cursor: string | null | undefined = null;
  for (let page = 1; page < 5; page++) cursor = (await list({ cursor })).nextCursor;
  await time('listMembersAdmin, page 5 by cursor', runs, () => list({ cursor }), rows);
  return rows;
}

async function main() {
  say(`machine: ${cpus().length} cores, Node ${process.version}, load ${loadText()}`);
  const [database, auth] = await Promise.all([startBenchDatabase(), startAuthEmulator()]);
  process.env.FIREBASE_AUTH_EMULATOR_HOST = auth.host;
  const db = createDb(database.url);
  benchDb = db;
  try {
    await migrateToLatest(db);
    const { rows: version } = await sql<{ v: string }>`SELECT version() AS v`.execute(db);
    const engine = version[0]!.v.split(' on ')[0]!;
    say(`engine: ${engine}`);
    if (args['drop-indexes']) await dropOverviewIndexes(db);
    let t = performance.now();
    await seed(db);
    await sql`VACUUM ANALYZE`.execute(db);
    const { rows: counts } = await sql<{ m: number; p: number }>`
      SELECT (SELECT count(*) FROM memberships)::int AS m, (SELECT count(*) FROM payments)::int AS p`.execute(
      db,
    );
    say(
      `seeded ${counts[0]!.m} members, ${counts[0]!.p} payments, VACUUM ANALYZE in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    const token = await createAdmin(db, auth.host);
    t = performance.now();
    const rows = await run(db, token);
    printResultTable({ engine, runs, warmup }, 'call | p50 ms | p95 ms | PostgreSQL CPU ms a call', rows);
  } finally {
    await stopBench(db, auth, database);
  }
}

await main();
