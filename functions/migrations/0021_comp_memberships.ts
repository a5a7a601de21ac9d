import { type Kysely, sql } from 'kysely';

const compActions = ['GRANT_COMP', 'END_COMP'];

/**
 * Issue 25, complimentary memberships (docs/admin.md "Complimentary memberships"):
 * - memberships.comp_kind ('erelid' | 'bestuur') and comp_until (the instant access ends: the end of the
 *   chosen day in Europe/Amsterdam). Both set while a comp membership runs, both null otherwise; the
 *   history (who, why, until when) is in admin_log. It gives access next to the paid lifecycle
 *   (status, payments), which it never changes.
 * - admin_log.action may also be GRANT_COMP and END_COMP. The check is rebuilt from the values it
 *   allows now plus these, so it keeps whatever other migrations added to it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE memberships
      ADD COLUMN comp_kind text CHECK (comp_kind IN ('erelid', 'bestuur')),
      ADD COLUMN comp_until timestamptz,
      ADD CONSTRAINT memberships_comp_check CHECK ((comp_kind IS NULL) = (comp_until IS NULL));
    CREATE INDEX memberships_comp_until_idx ON memberships (comp_until) WHERE comp_kind IS NOT NULL;
  `.execute(db);
  await setActions(db, (existing) => [...new Set([...existing, ...compActions])]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await setActions(db, (existing) => existing.filter((a) => !compActions.includes(a)));
  await sql`
    DROP INDEX memberships_comp_until_idx;
    ALTER TABLE memberships
      DROP CONSTRAINT memberships_comp_check,
      DROP COLUMN comp_until,
      DROP COLUMN comp_kind;
  `.execute(db);
}

/** Replaces admin_log's action check with the values `change` makes of the ones it allows now. */
async function setActions(db: Kysely<unknown>, change: (existing: string[]) => string[]) {
  const { rows } = await sql<{ def: string }>`
    SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint
    WHERE conrelid = 'admin_log'::regclass AND conname = 'admin_log_action_check'`.execute(db);
  const existing = [...(rows[0]?.def ?? '').matchAll(/'([A-Z_]+)'/g)].map((m) => m[1]!);
  const actions = change(existing);
  await sql`ALTER TABLE admin_log DROP CONSTRAINT IF EXISTS admin_log_action_check,
    ADD CONSTRAINT admin_log_action_check CHECK (action IN (${sql.join(actions.map((a) => sql.lit(a)))}))`.execute(
    db,
  );
}
