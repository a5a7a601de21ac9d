import { type Kysely, sql } from 'kysely';

/**
 * The admin overview's paying-members history (issue 25, docs/admin.md "Overview"): every accepted paid
 * payment in member and paid-date order, with what the history reads, so it is one index-only scan
 * without a sort (docs/benchmarks.md "Admin cockpit": the sort spilled to disk at 120,000 payments).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX payments_paying_idx ON payments (uid, paid_at) INCLUDE (reversed_at, period, amount_value)
      WHERE status = 'paid' AND NOT amount_mismatch AND purpose IN ('membership', 'missed_period')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX payments_paying_idx`.execute(db);
}
