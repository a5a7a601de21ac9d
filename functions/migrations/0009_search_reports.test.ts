import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../src/lib/db.ts';
import * as m0001 from './0001_initial.ts';
import * as m0002 from './0002_community_feed.ts';
import * as m0003 from './0003_membership_lifecycle.ts';
import * as m0004 from './0004_payment_start_lock.ts';
import * as m0005 from './0005_rate_limits.ts';
import * as m0006 from './0006_comment_threads.ts';
import * as m0007 from './0007_mail.ts';
import * as m0009 from './0009_search_reports.ts';

/**
 * Migration 0009 on existing data, on whichever engine runs the suite (PGlite here, PostgreSQL 15 in
 * CI): the schema up to 0007 is built in a scratch schema inside a transaction that is rolled back.
 * The same reference strings are expected on both engines, so they index Dutch text alike.
 */
const db = createDb(inject('databaseUrl'), 1);
afterAll(() => db.destroy());

class RollBack extends Error {}

async function onScratchSchema(body: (tx: Kysely<unknown>) => Promise<void>): Promise<void> {
  const schema = `m0009_${process.pid}_${Date.now()}`;
  await db
    .transaction()
    .execute(async (tx) => {
      await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(tx);
      // public stays on the path: the extensions live there, as on a migrated database.
      await sql`SET LOCAL search_path TO ${sql.id(schema)}, public`.execute(tx);
      const scratch = tx as unknown as Kysely<unknown>;
      for (const migration of [m0001, m0002, m0003, m0004, m0005, m0006, m0007]) await migration.up(scratch);
      await body(scratch);
      throw new RollBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RollBack)) throw error;
    });
}

const text = async <T>(tx: Kysely<unknown>, query: ReturnType<typeof sql<T>>) =>
  (await query.execute(tx)).rows[0]!;

describe('migration 0009_search_reports', () => {
  it('indexes posts and comments that existed before it, and the triggers keep the index current', async () => {
    await onScratchSchema(async (tx) => {
      await sql`
        INSERT INTO accounts (uid, email) VALUES ('u1', 'a@kring.test');
        INSERT INTO profiles (id, uid, name) VALUES (1, 'u1', 'anna');
        INSERT INTO posts (id, author_id, title, content) VALUES (1, 1, 'Nieuwe tarieven', 'Tekst'),
          (2, 1, 'Weg', 'Verwijderd');
        UPDATE posts SET deleted_at = now() WHERE id = 2;
        INSERT INTO comments (id, post_id, author_id, content) VALUES (1, 1, 1, 'Prijzen van huizen'),
          (2, 2, 1, 'Onder een verwijderd bericht');
      `.execute(tx);
      await m0009.up(tx);
      const docs = await sql<{ kind: string; ref_id: number; removed: boolean }>`
        SELECT kind, ref_id, removed FROM search_documents ORDER BY kind, ref_id`.execute(tx);
      expect(docs.rows.map((r) => [r.kind, Number(r.ref_id), r.removed])).toEqual([
        ['comment', 1, false],
        ['comment', 2, true],
        ['post', 1, false],
        ['post', 2, true],
      ]);
      const found = async (q: string) =>
        (
          await sql<{ kind: string; ref_id: number }>`
            SELECT kind, ref_id FROM search_documents WHERE document @@ kring_search_query(${q}) AND NOT removed
            ORDER BY kind, ref_id`.execute(tx)
        ).rows.map((r) => `${r.kind}:${Number(r.ref_id)}`);
      expect(await found('tarief')).toEqual(['post:1']);
      expect(await found('prijs huis')).toEqual(['comment:1']);
      await sql`UPDATE posts SET title = 'Iets anders' WHERE id = 1`.execute(tx);
      expect(await found('tarief')).toEqual([]);
      await sql`UPDATE posts SET deleted_at = now() WHERE id = 1`.execute(tx);
      expect(await found('prijs')).toEqual([]);
      await sql`DELETE FROM comments WHERE id = 1`.execute(tx);
      expect(
        (await sql`SELECT 1 FROM search_documents WHERE kind = 'comment' AND ref_id = 1`.execute(tx)).rows,
      ).toEqual([]);
    });
  });

  it('builds the same vectors and queries on this engine as the reference (both engines run it)', async () => {
    await onScratchSchema(async (tx) => {
      await m0009.up(tx);
      const row = await text(
        tx,
        sql<{ v: string; q: string; r: boolean }>`SELECT
          kring_search_vector('De tarieven van het café', 'Brieven en prijzen o''neil')::text AS v,
          kring_search_query('"nieuwe tarieven" -huizen café')::text AS q,
          kring_search_vector('Een mooie façade', NULL) @@ kring_search_query('facade') AS r`,
      );
      expect(row.v).toBe("'brief':6B 'caf':5A 'neil':10B 'o':9B 'prijs':8B 'tarief':2A");
      expect(row.q).toBe("'nieuw' <-> 'tarief' & !'huis' & 'caf'");
      // unaccent is there on both engines: 'facade' finds 'façade' (the Dutch stemmer itself only
      // drops umlauts and acute accents: 'cafe' finds 'café' even without unaccent).
      expect(row.r).toBe(true);
    });
  });

  it('without the unaccent extension: accents must match, everything else works the same', async () => {
    await onScratchSchema(async (tx) => {
      await m0009.up(tx);
      await m0009.createUnaccent(tx, false);
      const row = await text(
        tx,
        sql<{ plain: boolean; accent: boolean; stem: boolean }>`SELECT
          kring_search_vector('Een mooie façade', NULL) @@ kring_search_query('facade') AS plain,
          kring_search_vector('Een mooie façade', NULL) @@ kring_search_query('façade') AS accent,
          kring_search_vector('De tarieven', NULL) @@ kring_search_query('tarief') AS stem`,
      );
      expect(row).toEqual({ plain: false, accent: true, stem: true });
    });
  });
});
