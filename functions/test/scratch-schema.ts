import { type Kysely, sql } from 'kysely';
import { migrationProvider } from '../migrations/index.ts';

class RollBack extends Error {}

/**
 * A migration test's database: a scratch schema made by the migrations `include` picks (all of them
 * unless told), in name order, inside a transaction that is rolled back after `body`, so other test
 * files' rows cannot reach it and it leaves nothing behind (PGlite here, PostgreSQL 15 in CI).
 */
export async function onScratchSchema(
  db: Kysely<unknown>,
  prefix: string,
  body: (tx: Kysely<unknown>) => Promise<void>,
  include: (name: string) => boolean = () => true,
): Promise<void> {
  const schema = `${prefix}_${process.pid}_${Date.now()}`;
  const all = await migrationProvider.getMigrations();
  await db
    .transaction()
    .execute(async (tx) => {
      await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(tx);
      // public too: the extensions (pg_trgm, unaccent) an earlier migration uses live there.
      await sql`SET LOCAL search_path TO ${sql.id(schema)}, public`.execute(tx);
      for (const [name, migration] of Object.entries(all).sort(([a], [b]) => a.localeCompare(b))) {
        if (include(name)) await migration.up(tx);
      }
      await body(tx);
      throw new RollBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RollBack)) throw error;
    });
}
