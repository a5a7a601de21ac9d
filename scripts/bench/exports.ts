import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { exportMembersAdminHandler } from '../../functions/src/admin/exportMembersAdmin.ts';
import { exportPaymentsAdminHandler } from '../../functions/src/admin/exportPaymentsAdmin.ts';
import { createDb, type Db, migrateToLatest } from '../../functions/src/lib/db.ts';
import { startBenchDatabase } from './database.ts';

/**
 * The admin's CSV exports at scale (issue 25; docs/benchmarks.md "Admin exports"): seeds N members and
 * M payments, each paid one with its factuur (1 in 50 refunded in part, with a creditnota), then runs
 * both exports through their handlers and reads every byte as the HTTP adapter would, measuring time,
 * bytes, rows and peak RSS (sampled every 5 ms) above the process' RSS before. Prints figures; not a test.
 *
 *   BENCH_DATABASE_URL=postgres://…/kring_bench_export npx tsx scripts/bench/exports.ts   # schema DROPPED
 *   npx tsx scripts/bench/exports.ts --members 10000 --payments 120000 --runs 3
 */
const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '10000' },
    payments: { type: 'string', default: '120000' },
    runs: { type: 'string', default: '3' },
  },
});
const members = Number(args.members);
const payments = Number(args.payments);
const runs = Number(args.runs);
/** Every payment falls in one of these months; the payments export is timed on the fullest one. */
const months = 12;

async function seed(db: Db) {
  await sql`
    INSERT INTO accounts (uid, email, role)
      SELECT 'bench-' || i, 'lid' || i || '@kring.test', CASE WHEN i = 1 THEN 3 ELSE 1 END
      FROM generate_series(1, ${members}) i`.execute(db);
  await sql`
    INSERT INTO memberships (uid, first_name, last_name, birthdate, phone_number, street_name, house_number,
        postal_code, city, status, subscribed_at, expires_at, plan_id, price_cents)
      SELECT 'bench-' || i, 'Voornaam' || i, CASE WHEN i % 97 = 0 THEN '=Formule;"' || i || '"' ELSE 'Achternaam' END,
        '1980-01-01'::date + (i % 9000), '0612345678', 'Lindengracht', (i % 300)::text, '1015KM', 'Amsterdam',
        CASE WHEN i % 10 = 0 THEN 'canceled' ELSE 'active' END, now() - interval '1 year', now() + interval '1 month',
        'maandelijks', 995
      FROM generate_series(1, ${members}) i`.execute(db);
  // The whole month's worth at once would be one huge statement; 10,000 per insert.
  for (let from = 1; from <= payments; from += 10_000) {
    const to = Math.min(payments, from + 9_999);
    await sql`
      INSERT INTO payments (id, uid, sequence_type, status, amount_value, amount_currency, paid_at, plan_id,
          method, amount_refunded, period)
        SELECT 'tr_bench' || i, 'bench-' || (1 + i % ${members}), 'recurring', 'paid', '9.95', 'EUR',
          date_trunc('month', now()) - ((i % ${months}) || ' months')::interval + ((i % 27) || ' days')::interval,
          'maandelijks', 'directdebit', CASE WHEN i % 50 = 0 THEN '4.98' ELSE '0.00' END, '1 month'
        FROM generate_series(${from}::int, ${to}::int) i`.execute(db);
    await sql`
      INSERT INTO invoices (number, kind, uid, payment_id, credits_number, issued_at, total_cents, net_cents,
          vat_cents, vat_rate_bp, currency, pdf, sha256)
        SELECT 2 * i, 'invoice', p.uid, p.id, NULL, p.paid_at, 995, 822, 173, 2100, 'EUR', '\\x25504446'::bytea, 'x'
        FROM payments p, generate_series(${from}::int, ${to}::int) i WHERE p.id = 'tr_bench' || i`.execute(
      db,
    );
    await sql`
      INSERT INTO invoices (number, kind, uid, payment_id, credits_number, issued_at, total_cents, net_cents,
          vat_cents, vat_rate_bp, currency, pdf, sha256)
        SELECT 2 * i + 1, 'credit_note', p.uid, p.id, 2 * i, p.paid_at + interval '1 hour', -498, -412, -86, 2100,
          'EUR', '\\x25504446'::bytea, 'x'
        FROM payments p, generate_series(${from}::int, ${to}::int) i WHERE p.id = 'tr_bench' || i AND i % 50 = 0`.execute(
      db,
    );
  }
  await sql`ANALYZE`.execute(db);
}

/** Reads a download to the end, counting bytes and lines, while sampling the peak RSS. */
async function measure(name: string, run: () => Promise<{ chunks: AsyncIterable<string | Uint8Array> }>) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  const file = await run();
  let bytes = 0;
  let lines = 0;
  for await (const chunk of file.chunks) {
    const buffer = Buffer.from(chunk);
    bytes += buffer.length;
    for (const byte of buffer) if (byte === 10) lines++;
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  console.log(
    `${name.padEnd(22)} ${String(lines - 1).padStart(7)} rows ${mb(bytes).padStart(6)} MB ${ms.toFixed(0).padStart(6)} ms  RSS before ${mb(before)} MB, peak ${mb(peak)} MB (+${mb(peak - before)} MB)`,
  );
}

const database = await startBenchDatabase();
const db = createDb(database.url, 3);
try {
  await migrateToLatest(db);
  let started = performance.now();
  await seed(db);
  console.log(
    `seeded ${members} members, ${payments} payments and their documents in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const version = await sql<{ v: string }>`SELECT version() AS v`.execute(db);
  console.log(version.rows[0]!.v);
  const busiest = await sql<{ month: string; n: number }>`
    SELECT to_char(issued_at AT TIME ZONE 'Europe/Amsterdam', 'YYYY-MM') AS month, count(*)::int AS n
      FROM invoices GROUP BY 1 ORDER BY 2 DESC LIMIT 1`.execute(db);
  const month = busiest.rows[0]!.month;
  const ctx = {
    db,
    requestId: 'bench',
    profileId: null,
    user: { uid: 'bench-1', email: null, emailVerified: true, issuedAt: 0, role: 3 as const },
  };
  for (let i = 0; i < runs; i++) {
    started = performance.now();
    await measure('members', () => exportMembersAdminHandler(ctx, {}));
    await measure(`payments ${month}`, () => exportPaymentsAdminHandler(ctx, { month }));
  }
} finally {
  await db.destroy();
  await database.close();
}
