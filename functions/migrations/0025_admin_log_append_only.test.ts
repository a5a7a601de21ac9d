import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../src/lib/db.ts';
import { onScratchSchema } from '../test/scratch-schema.ts';
import * as m0025 from './0025_admin_log_append_only.ts';

/**
 * 0025: admin_log refuses UPDATE, DELETE and TRUNCATE, except the account deletion's ON DELETE SET NULL
 * of the deleted account's uid (docs/admin.md "The admin log"). In a scratch schema inside a
 * rolled-back transaction; each refusal in a savepoint (it aborts the statement).
 */
const db = createDb(inject('databaseUrl'), 1);
afterAll(() => db.destroy());

type Row = { id: string; actor_uid: string | null; subject_uid: string | null; reason: string | null };
const rows = async (tx: Kysely<unknown>) =>
  (await sql<Row>`SELECT id, actor_uid, subject_uid, reason FROM admin_log ORDER BY id`.execute(tx)).rows;

/** The statement is refused by the trigger and changes nothing. */
async function refused(tx: Kysely<unknown>, statement: ReturnType<typeof sql>) {
  await sql`SAVEPOINT attempt`.execute(tx);
  await expect(statement.execute(tx)).rejects.toThrow(/admin_log is append-only/);
  await sql`ROLLBACK TO SAVEPOINT attempt`.execute(tx);
}

describe('migration 0025 (admin_log append-only in the database)', () => {
  it('refuses updates, deletes and truncate; an account deletion nulls only that account’s uid', async () => {
    await onScratchSchema(db as unknown as Kysely<unknown>, 'm0025', async (tx) => {
      await sql`INSERT INTO accounts (uid, email, role) VALUES
        ('admin', 'admin@kring.test', 3), ('lid', 'lid@kring.test', 1), ('ander', 'ander@kring.test', 1)`.execute(
        tx,
      );
      await sql`INSERT INTO admin_log (actor_uid, action, subject_uid, reason, details) VALUES
        ('admin', 'CHANGE_ROLE', 'lid', 'Bestuur besloot', '{"from": 1, "to": 2}'),
        ('admin', 'GRANT_COMP', 'ander', 'Erelid', '{"kind": "erelid"}')`.execute(tx);
      const before = await rows(tx);

      await refused(tx, sql`UPDATE admin_log SET reason = 'Anders' WHERE subject_uid = 'lid'`);
      await refused(tx, sql`UPDATE admin_log SET details = '{}'`);
      // The uids too, when a client sends it: only the foreign key's cascade may null them.
      await refused(tx, sql`UPDATE admin_log SET actor_uid = NULL`);
      await refused(tx, sql`UPDATE admin_log SET subject_uid = 'ander' WHERE subject_uid = 'lid'`);
      await refused(tx, sql`DELETE FROM admin_log WHERE subject_uid = 'lid'`);
      await refused(tx, sql`TRUNCATE admin_log`);
      expect(await rows(tx)).toEqual(before);

      // The member's GDPR deletion: their uid becomes null, the entry and the rest stay.
      await sql`DELETE FROM accounts WHERE uid = 'lid'`.execute(tx);
      // The admin's own deletion: the actor of both entries becomes null.
      await sql`DELETE FROM accounts WHERE uid = 'admin'`.execute(tx);
      expect(await rows(tx)).toEqual([
        { ...before[0], actor_uid: null, subject_uid: null },
        { ...before[1], actor_uid: null },
      ]);
      // New entries can still be written.
      await sql`INSERT INTO admin_log (action, subject_uid, reason) VALUES ('END_COMP', 'ander', 'x')`.execute(
        tx,
      );
      expect(await rows(tx)).toHaveLength(3);

      // down gives the table back to code-only rules.
      await m0025.down(tx);
      await sql`DELETE FROM admin_log`.execute(tx);
      expect(await rows(tx)).toEqual([]);
    });
  });
});
