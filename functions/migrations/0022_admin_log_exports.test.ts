import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../src/lib/db.ts';
import { migrationProvider } from './index.ts';

/**
 * Migration 0022 on a moderation log written before it: the schema up to 0018 is built in a scratch
 * schema inside one transaction that is rolled back, so the shared test database is left alone.
 */

const db = createDb(inject('databaseUrl'), 1);
afterAll(() => db.destroy());

class RollBack extends Error {}

async function onSchemaBefore0022(body: (tx: Kysely<unknown>) => Promise<void>): Promise<void> {
  const all = await migrationProvider.getMigrations();
  const schema = `m0022_${process.pid}_${Date.now()}`;
  await db
    .transaction()
    .execute(async (tx) => {
      await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(tx);
      // public too: the extensions (pg_trgm, unaccent) an earlier migration uses live there.
      await sql`SET LOCAL search_path TO ${sql.id(schema)}, public`.execute(tx);
      const scratch = tx as unknown as Kysely<unknown>;
      for (const [name, migration] of Object.entries(all).sort(([a], [b]) => a.localeCompare(b))) {
        if (name < '0022') await migration.up(scratch);
      }
      await body(scratch);
      throw new RollBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RollBack)) throw error;
    });
}

describe('migration 0022_admin_log_exports', () => {
  it('moves every moderation_log row into admin_log with its details, and back on down', async () => {
    const all = await migrationProvider.getMigrations();
    await onSchemaBefore0022(async (tx) => {
      await sql`
        INSERT INTO accounts (uid, email, role) VALUES ('mod', 'mod@kring.test', 2), ('lid', 'lid@kring.test', 1);
        INSERT INTO profiles (id, uid, name) VALUES (1, 'lid', 'een_lid');
        INSERT INTO posts (id, author_id, title, content) VALUES (7, 1, 'Titel', 'x');
        INSERT INTO moderation_log (moderator_uid, action, post_id, reason, created_at) VALUES
          ('mod', 'PIN_POST', 7, NULL, '2026-01-01T10:00:00Z'),
          ('mod', 'DELETE_POST', 7, 'Spam', '2026-01-02T10:00:00Z');
        INSERT INTO moderation_log (moderator_uid, action, reason, item_kind, item_id, subject_uid, suspended_until, created_at)
          VALUES (NULL, 'SUSPEND_MEMBER', 'Schelden', 'profile', 1, 'lid', '2026-02-01T00:00:00Z', '2026-01-03T10:00:00Z');
        INSERT INTO admin_log (actor_uid, action, subject_uid, reason) VALUES ('mod', 'CHANGE_ROLE', 'lid', 'Test');
      `.execute(tx);
      await all['0022_admin_log_exports']!.up(tx);
      const moved = await sql<Record<string, unknown>>`
        SELECT actor_uid, action, subject_uid, reason, details, created_at FROM admin_log
         WHERE action <> 'CHANGE_ROLE' ORDER BY created_at`.execute(tx);
      expect(moved.rows).toEqual([
        {
          actor_uid: 'mod',
          action: 'PIN_POST',
          subject_uid: null,
          reason: null,
          details: { postId: 7 },
          created_at: new Date('2026-01-01T10:00:00Z'),
        },
        {
          actor_uid: 'mod',
          action: 'DELETE_POST',
          subject_uid: null,
          reason: 'Spam',
          details: { postId: 7 },
          created_at: new Date('2026-01-02T10:00:00Z'),
        },
        {
          actor_uid: null,
          action: 'SUSPEND_MEMBER',
          subject_uid: 'lid',
          reason: 'Schelden',
          details: { itemKind: 'profile', itemId: 1, suspendedUntil: '2026-02-01T00:00:00+00:00' },
          created_at: new Date('2026-01-03T10:00:00Z'),
        },
      ]);
      expect((await sql`SELECT 1 FROM moderation_log`.execute(tx)).rows).toEqual([]);
      // The action's form is checked, not a list of names (in a savepoint: the refusal aborts it).
      await sql`SAVEPOINT bad_action`.execute(tx);
      await expect(
        sql`INSERT INTO admin_log (action, reason) VALUES ('refund', 'x')`.execute(tx),
      ).rejects.toThrow(/admin_log_action_form/);
      await sql`ROLLBACK TO SAVEPOINT bad_action`.execute(tx);
      await sql`INSERT INTO admin_log (action, reason) VALUES ('REFUND_PAYMENT', 'x')`.execute(tx);

      await all['0022_admin_log_exports']!.down!(tx);
      const back = await sql<{ action: string; post_id: number | null; reason: string | null }>`
        SELECT action, post_id, reason FROM moderation_log ORDER BY created_at`.execute(tx);
      expect(back.rows).toEqual([
        { action: 'PIN_POST', post_id: 7, reason: null },
        { action: 'DELETE_POST', post_id: 7, reason: 'Spam' },
        { action: 'SUSPEND_MEMBER', post_id: null, reason: 'Schelden' },
      ]);
      const left = await sql<{ action: string }>`SELECT action FROM admin_log ORDER BY id`.execute(tx);
      // down takes back only what 0022 brought in; the refund logged under 0020 stays.
      expect(left.rows).toEqual([{ action: 'CHANGE_ROLE' }, { action: 'REFUND_PAYMENT' }]);
    });
  });

  it('down keeps the refunds and comp memberships of 0020/0021 and still lets them be logged', async () => {
    const all = await migrationProvider.getMigrations();
    await onSchemaBefore0022(async (tx) => {
      await sql`INSERT INTO accounts (uid, email, role) VALUES ('adm', 'adm@kring.test', 3), ('lid', 'lid@kring.test', 1)`.execute(
        tx,
      );
      await all['0022_admin_log_exports']!.up(tx);
      await sql`
        INSERT INTO admin_log (actor_uid, action, subject_uid, reason, created_at) VALUES
          ('adm', 'REFUND_PAYMENT', 'lid', 'Dubbel betaald', '2026-03-01T10:00:00Z'),
          ('adm', 'GRANT_COMP', 'lid', 'Erelid', '2026-03-02T10:00:00Z'),
          ('adm', 'EXPORT_MEMBERS', NULL, 'Ledenlijst gedownload (CSV)', '2026-03-03T10:00:00Z')`.execute(tx);
      await all['0022_admin_log_exports']!.down!(tx);
      const left = await sql<{ action: string; reason: string; created_at: Date }>`
        SELECT action, reason, created_at FROM admin_log ORDER BY id`.execute(tx);
      // The audit trail of money and memberships is not thrown away by rolling back the exports.
      expect(left.rows).toEqual([
        { action: 'REFUND_PAYMENT', reason: 'Dubbel betaald', created_at: new Date('2026-03-01T10:00:00Z') },
        { action: 'GRANT_COMP', reason: 'Erelid', created_at: new Date('2026-03-02T10:00:00Z') },
      ]);
      // 0020 and 0021 are still applied: a refund, a resend and a comp can still be logged.
      await sql`
        INSERT INTO admin_log (actor_uid, action, subject_uid, reason) VALUES
          ('adm', 'REFUND_PAYMENT', 'lid', 'x'), ('adm', 'RESEND_RECEIPT', 'lid', 'x'),
          ('adm', 'GRANT_COMP', 'lid', 'x'), ('adm', 'END_COMP', 'lid', 'x'), ('adm', 'CHANGE_ROLE', 'lid', 'x')`.execute(
        tx,
      );
      // And 0020's down after it still finds a list to take its actions from.
      await sql`DELETE FROM admin_log WHERE action IN ('REFUND_PAYMENT', 'RESEND_RECEIPT')`.execute(tx);
      await all['0020_refunds']!.down!(tx);
      await sql`SAVEPOINT no_refund`.execute(tx);
      await expect(
        sql`INSERT INTO admin_log (action, reason) VALUES ('REFUND_PAYMENT', 'x')`.execute(tx),
      ).rejects.toThrow(/admin_log_action_check/);
      await sql`ROLLBACK TO SAVEPOINT no_refund`.execute(tx);
    });
  });
});
