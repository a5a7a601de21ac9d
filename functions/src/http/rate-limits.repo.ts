import type { RateLimit } from '@kring/contract';
import { sql } from 'kysely';
import type { Conn } from '../lib/db.ts';

/**
 * The only code that runs SQL on rate_limit_counters. Beside the router, its only caller: a counter's
 * key is an endpoint and a caller, which only the router knows about.
 */

/**
 * Counts one call against a fixed window (e.g. the current hour) and says whether it fits. One
 * statement: concurrent calls of the same caller each get their own count from the row lock.
 */
export async function consumeRateLimit(
  conn: Conn,
  key: string,
  limit: RateLimit,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const w = limit.windowSeconds;
  const row = await conn
    .insertInto('rate_limit_counters')
    .values({
      key,
      window_start: sql<Date>`to_timestamp(floor(extract(epoch from now()) / ${w}) * ${w})`,
      count: 1,
    })
    .onConflict((oc) =>
      oc.columns(['key', 'window_start']).doUpdateSet({ count: sql`rate_limit_counters.count + 1` }),
    )
    .returning([
      'count',
      sql<number>`ceil(extract(epoch from window_start) + ${w} - extract(epoch from now()))`.as(
        'retry_after',
      ),
    ])
    .executeTakeFirstOrThrow();
  // Old windows are dead weight; a rare sweep keeps the table at about a day of counters. It spares
  // a window as long as this call's (a window longer than a day started more than a day ago and may
  // still be running: sweeping it would restart its count).
  if (Math.random() < 0.005) {
    await conn
      .deleteFrom('rate_limit_counters')
      .where('window_start', '<', sql<Date>`now() - interval '1 day' - make_interval(secs => ${w})`)
      .execute();
  }
  return { allowed: row.count <= limit.max, retryAfterSeconds: Math.max(1, Number(row.retry_after)) };
}
