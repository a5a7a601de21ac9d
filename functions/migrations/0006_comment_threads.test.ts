import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../src/lib/db.ts';
import * as m0001 from './0001_initial.ts';
import * as m0002 from './0002_community_feed.ts';
import * as m0003 from './0003_membership_lifecycle.ts';
import * as m0004 from './0004_payment_start_lock.ts';
import * as m0005 from './0005_rate_limits.ts';
import * as m0006 from './0006_comment_threads.ts';

/**
 * Migration 0006 on data that existed before it: the schema up to 0005 is built in a scratch schema
 * inside one transaction that is rolled back, so the shared test database is left alone.
 */

const db = createDb(inject('databaseUrl'), 1);
afterAll(() => db.destroy());

class RollBack extends Error {}

/** Runs `body` on a fresh schema migrated up to 0005, then throws everything away. */
async function onSchemaAt0005(body: (tx: Kysely<unknown>) => Promise<void>): Promise<void> {
  const schema = `m0006_${process.pid}_${Date.now()}`;
  await db
    .transaction()
    .execute(async (tx) => {
      await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(tx);
      await sql`SET LOCAL search_path TO ${sql.id(schema)}`.execute(tx);
      const scratch = tx as unknown as Kysely<unknown>;
      for (const migration of [m0001, m0002, m0003, m0004, m0005]) await migration.up(scratch);
      await body(scratch);
      throw new RollBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RollBack)) throw error;
    });
}

describe('migration 0006_comment_threads', () => {
  it('backfills root_id for nested comments of several posts, deep chains included', async () => {
    await onSchemaAt0005(async (tx) => {
      await sql`
        INSERT INTO accounts (uid, email, role) VALUES ('m6', 'm6@kring.test', 1);
        INSERT INTO profiles (id, uid, name) VALUES (1, 'm6', 'migratie_lid');
        INSERT INTO posts (id, author_id, title, content) VALUES (1, 1, 'Eén', 'x'), (2, 1, 'Twee', 'x');
        -- Post 1: thread 10 (10 <- 11 <- 12, 10 <- 13), thread 20 alone; post 2: thread 30 with a
        -- 300-level chain below it (ids 31..330), as made before nesting was capped.
        INSERT INTO comments (id, post_id, parent_id, author_id, content) VALUES
          (10, 1, NULL, 1, 'a'), (11, 1, 10, 1, 'b'), (12, 1, 11, 1, 'c'), (13, 1, 10, 1, 'd'),
          (20, 1, NULL, 1, 'e'), (30, 2, NULL, 1, 'f');
        INSERT INTO comments (id, post_id, parent_id, author_id, content)
          SELECT g, 2, g - 1, 1, 'keten' FROM generate_series(31, 330) g;
      `.execute(tx);
      await m0006.up(tx);

      const { rows } = await sql<{ id: number; root_id: number }>`
        SELECT id, root_id FROM comments ORDER BY id
      `.execute(tx);
      const rootOf = new Map(rows.map((r) => [Number(r.id), Number(r.root_id)]));
      expect(rootOf.size).toBe(306);
      expect([10, 11, 12, 13, 20].map((id) => rootOf.get(id))).toEqual([10, 10, 10, 10, 20]);
      expect(new Set([30, 31, 200, 330].map((id) => rootOf.get(id)))).toEqual(new Set([30]));

      const { rows: column } = await sql<{ is_nullable: string }>`
        SELECT is_nullable FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'comments' AND column_name = 'root_id'
      `.execute(tx);
      expect(column).toEqual([{ is_nullable: 'NO' }]);

      // An INSERT that leaves root_id out (hand-written SQL) gets it from the parent, or its own id.
      await sql`
        INSERT INTO comments (id, post_id, parent_id, author_id, content)
        VALUES (400, 1, 12, 1, 'laat'), (401, 1, NULL, 1, 'nieuw'), (402, 1, 401, 1, 'eronder')
      `.execute(tx);
      const { rows: added } = await sql<{ id: number; root_id: number }>`
        SELECT id, root_id FROM comments WHERE id >= 400 ORDER BY id
      `.execute(tx);
      expect(added.map((r) => [Number(r.id), Number(r.root_id)])).toEqual([
        [400, 10],
        [401, 401],
        [402, 401],
      ]);

      await m0006.down(tx);
      const { rows: after } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'comments' AND column_name = 'root_id'
      `.execute(tx);
      expect(after).toEqual([{ n: 0 }]);
    });
  });
});
