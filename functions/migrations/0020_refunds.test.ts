import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../src/lib/db.ts';
import * as m0020 from './0020_refunds.ts';
import * as m0021 from './0021_comp_memberships.ts';
import { migrationProvider } from './index.ts';

/**
 * 0020 (refunds) and 0021 (comp memberships) were written on parallel branches and both add actions to
 * admin_log's check. The migrator runs unordered (lib/db.ts): a database that ran 0021 before 0020
 * existed gets 0020 after it. Either order must end with all five actions, keeping the rows logged.
 * Built in a scratch schema inside a rolled-back transaction (PGlite here, PostgreSQL 15 in CI).
 */
const db = createDb(inject('databaseUrl'), 1);
afterAll(() => db.destroy());

class RollBack extends Error {}

async function onScratchSchema(body: (tx: Kysely<unknown>) => Promise<void>): Promise<void> {
  const schema = `m0020_${process.pid}_${Date.now()}`;
  const all = await migrationProvider.getMigrations();
  await db
    .transaction()
    .execute(async (tx) => {
      await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(tx);
      await sql`SET LOCAL search_path TO ${sql.id(schema)}, public`.execute(tx);
      const scratch = tx as unknown as Kysely<unknown>;
      // The database as it was before both: 0022 and later (the form check) come after them.
      for (const [name, migration] of Object.entries(all)) {
        if (name >= '0020') continue;
        await migration.up(scratch);
      }
      await body(scratch);
      throw new RollBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RollBack)) throw error;
    });
}

const allowed = async (tx: Kysely<unknown>) => {
  const { rows } = await sql<{ def: string }>`
    SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint
    WHERE conrelid = 'admin_log'::regclass AND conname = 'admin_log_action_check'`.execute(tx);
  return [...(rows[0]?.def ?? '').matchAll(/'([A-Z_]+)'/g)].map((m) => m[1]).sort();
};
const log = (tx: Kysely<unknown>, action: string) =>
  sql`INSERT INTO admin_log (action, reason) VALUES (${action}, 'test')`.execute(tx);
const five = ['CHANGE_ROLE', 'END_COMP', 'GRANT_COMP', 'REFUND_PAYMENT', 'RESEND_RECEIPT'];

describe('migrations 0020 and 0021 on admin_log.action', () => {
  it('0020 then 0021 (a new database): all five actions', async () => {
    await onScratchSchema(async (tx) => {
      await m0020.up(tx);
      await m0021.up(tx);
      expect(await allowed(tx)).toEqual(five);
    });
  });

  it('0021 then 0020 (a database migrated before 0020 was merged): 0020 keeps the comp actions and their rows', async () => {
    await onScratchSchema(async (tx) => {
      await m0021.up(tx);
      await log(tx, 'GRANT_COMP');
      await m0020.up(tx);
      expect(await allowed(tx)).toEqual(five);
      await log(tx, 'END_COMP');
      await log(tx, 'REFUND_PAYMENT');
      // Down again in reverse order of application: 0020 takes only its own two actions away.
      await sql`DELETE FROM admin_log WHERE action = 'REFUND_PAYMENT'`.execute(tx);
      await m0020.down(tx);
      expect(await allowed(tx)).toEqual(['CHANGE_ROLE', 'END_COMP', 'GRANT_COMP']);
    });
  });

  it('0022 before 0020 and 0021 (applied unordered): the form check stays and every action is allowed', async () => {
    await onScratchSchema(async (tx) => {
      const { up } = (await migrationProvider.getMigrations())['0022_admin_log_exports']!;
      await up(tx);
      await m0021.up(tx);
      await m0020.up(tx);
      expect(await allowed(tx)).toEqual([]);
      for (const action of ['CHANGE_ROLE', 'GRANT_COMP', 'REFUND_PAYMENT', 'EXPORT_MEMBERS', 'DELETE_POST'])
        await log(tx, action);
    });
  });
});
