import { type Kysely, sql } from 'kysely';
import { addActions, removeActions, setAdminLogActions } from './admin-log-actions.ts';

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
  await setAdminLogActions(db, addActions(compActions));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await setAdminLogActions(db, removeActions(compActions));
  await sql`
    DROP INDEX memberships_comp_until_idx;
    ALTER TABLE memberships
      DROP CONSTRAINT memberships_comp_check,
      DROP COLUMN comp_until,
      DROP COLUMN comp_kind;
  `.execute(db);
}
