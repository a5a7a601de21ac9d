import { givenOrEmbeddedDatabase } from '../../tools/postgres/given-or-embedded.ts';

/**
 * The benchmarks' database: BENCH_DATABASE_URL=postgres://… uses that server (its public schema is
 * DROPPED first); without it the local PGlite server runs in memory, or in `dataDir` (which must be new).
 */
export const startBenchDatabase = (dataDir?: string) =>
  givenOrEmbeddedDatabase(process.env.BENCH_DATABASE_URL, dataDir);
