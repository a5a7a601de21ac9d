import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../src/lib/db.ts';
import { onScratchSchema } from '../test/scratch-schema.ts';
import * as m0023 from './0023_overview_version.ts';

/**
 * 0023's counter (docs/admin.md "Overview", the staleness rule) moves with every change the overview's
 * closed months read, and not with the others. Built in a scratch schema inside a rolled-back
 * transaction, so other test files' payments cannot move it (PGlite here, PostgreSQL 15 in CI).
 */
const db = createDb(inject('databaseUrl'), 1);
afterAll(() => db.destroy());

describe('migration 0023 (the overview history counter)', () => {
  it('goes up with a change to what the history reads (once per transaction), and not otherwise', async () => {
    await onScratchSchema(db as unknown as Kysely<unknown>, 'm0023', async (tx) => {
      const n = async () =>
        Number((await sql<{ n: string }>`SELECT n FROM overview_version`.execute(tx)).rows[0]!.n);
      // The triggers are deferred to the commit and bump once per transaction; here each statement is
      // checked on its own: immediate, with the once-per-transaction mark cleared before it.
      await sql`SET CONSTRAINTS ALL IMMEDIATE`.execute(tx);
      const moved = async (statement: ReturnType<typeof sql>) => {
        await sql`SELECT set_config('kring.overview_bumped', '', true)`.execute(tx);
        const before = await n();
        await statement.execute(tx);
        return (await n()) - before;
      };
      await sql`INSERT INTO accounts (uid, email, role) VALUES ('a', 'a@kring.test', 1), ('b', 'b@kring.test', 1)`.execute(
        tx,
      );
      const pay = (id: string, uid: string, status: string) => sql`
        INSERT INTO payments (id, uid, sequence_type, status, amount_value, amount_currency, period, paid_at)
        VALUES (${id}, ${uid}, 'recurring', ${status}, '9.95', 'EUR', '1 month',
          ${status === 'paid' ? sql`'2030-01-05T10:00:00Z'::timestamptz` : sql`NULL`})`;
      expect(await moved(pay('tr_open', 'a', 'open'))).toBe(0);
      expect(await moved(sql`UPDATE payments SET checked_at = now() WHERE id = 'tr_open'`)).toBe(0);
      expect(
        await moved(sql`UPDATE payments SET status = 'paid', paid_at = now() WHERE id = 'tr_open'`),
      ).toBe(1);
      expect(await moved(pay('tr_paid', 'b', 'paid'))).toBe(1);
      // A late reversal of an old payment, and a change to both rows at once (one statement: one step).
      expect(await moved(sql`UPDATE payments SET reversed_at = now() WHERE id = 'tr_paid'`)).toBe(1);
      expect(await moved(sql`UPDATE payments SET amount_value = '10.00'`)).toBe(1);
      expect(await moved(sql`UPDATE payments SET amount_value = '10.00'`)).toBe(0);
      await sql`
        INSERT INTO memberships (uid, first_name, last_name, birthdate, phone_number, street_name, house_number,
          postal_code, city, status)
        VALUES ('a', 'A', 'B', '1990-01-01', '0612345678', 'Lindengracht', '12', '1015KM', 'Amsterdam', 'active')`.execute(
        tx,
      );
      expect(await moved(sql`UPDATE memberships SET city = 'Utrecht' WHERE uid = 'a'`)).toBe(0);
      expect(await moved(sql`UPDATE memberships SET canceled_at = now() WHERE uid = 'a'`)).toBe(1);
      expect(await moved(sql`UPDATE memberships SET subscribed_at = now() WHERE uid = 'a'`)).toBe(1);
      // Deleting an account deletes its paid payment and cancelled membership (cascade): one step.
      expect(await moved(sql`DELETE FROM accounts WHERE uid = 'a'`)).toBe(1);
      // Within one transaction, later changes add nothing: it bumps once.
      expect(await moved(sql`UPDATE payments SET amount_value = '11.00'`)).toBe(1);
      const once = await n();
      await sql`UPDATE payments SET amount_value = '12.00'`.execute(tx);
      expect(await n()).toBe(once);

      await m0023.down(tx);
      const { rows } = await sql<{ c: number }>`
        SELECT count(*)::int AS c FROM pg_tables
        WHERE schemaname = current_schema() AND tablename = 'overview_version'`.execute(tx);
      expect(rows[0]!.c).toBe(0);
    });
  });
});
