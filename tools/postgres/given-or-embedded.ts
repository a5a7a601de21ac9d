import pg from 'pg';
import { startPostgresServer } from './server.ts';

/**
 * The database of a test run or benchmark: `givenUrl`, a real PostgreSQL server whose public schema is
 * DROPPED first, or without it this embedded PGlite server (in memory, or in `dataDir`).
 */
export async function givenOrEmbeddedDatabase(
  givenUrl: string | undefined,
  dataDir?: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  if (givenUrl) {
    const client = new pg.Client({ connectionString: givenUrl });
    await client.connect();
    await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
    await client.end();
    return { url: givenUrl, close: async () => {} };
  }
  const server = await startPostgresServer(dataDir ? { dataDir } : {});
  return { url: server.url, close: () => server.close() };
}
