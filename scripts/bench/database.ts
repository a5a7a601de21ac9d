import pg from 'pg';
import { startPostgresServer } from '../../tools/postgres/server.ts';

/**
 * The benchmarks' database: BENCH_DATABASE_URL=postgres://… uses that server (its public schema is
 * DROPPED first); without it the local PGlite server runs in memory, or in `dataDir` (which must be new).
 */
export async function startBenchDatabase(
  dataDir?: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) {
    const client = new pg.Client({ connectionString: given });
    await client.connect();
    await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
    await client.end();
    return { url: given, close: async () => {} };
  }
  const server = await startPostgresServer(dataDir ? { dataDir } : {});
  return { url: server.url, close: () => server.close() };
}
