import { type Kysely, sql } from 'kysely';

/** Fixed-window counters per caller and endpoint (functions/src/http/rate-limits.repo.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rate_limit_counters (
      key text NOT NULL,
      window_start timestamptz NOT NULL,
      count integer NOT NULL,
      PRIMARY KEY (key, window_start)
    );
    CREATE INDEX rate_limit_counters_window_idx ON rate_limit_counters (window_start);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE rate_limit_counters`.execute(db);
}
