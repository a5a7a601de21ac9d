import { type Kysely, sql } from 'kysely';

/**
 * Replaces admin_log's action check with the values `change` makes of the ones it allows now. Shared by
 * the migrations that add actions (0020, 0021): written on parallel branches and applied unordered
 * (lib/db.ts), each adds or removes only its own actions, so either order ends with all of them. After
 * 0022 there is no list to change (the form check allows every action).
 */
export async function setAdminLogActions(db: Kysely<unknown>, change: (existing: string[]) => string[]) {
  const { rows } = await sql<{ def: string }>`
    SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint
    WHERE conrelid = 'admin_log'::regclass AND conname = 'admin_log_action_check'`.execute(db);
  // 0022 replaced the list with a check of the action's form: nothing to list then (applied unordered,
  // a list of only this migration's actions would refuse every other one).
  if (rows.length === 0) return;
  const existing = [...(rows[0]?.def ?? '').matchAll(/'([A-Z_]+)'/g)].map((m) => m[1]!);
  const actions = change(existing);
  await sql`ALTER TABLE admin_log DROP CONSTRAINT IF EXISTS admin_log_action_check,
    ADD CONSTRAINT admin_log_action_check CHECK (action IN (${sql.join(actions.map((a) => sql.lit(a)))}))`.execute(
    db,
  );
}

export const addActions = (actions: string[]) => (existing: string[]) => [
  ...new Set([...existing, ...actions]),
];
export const removeActions = (actions: string[]) => (existing: string[]) =>
  existing.filter((a) => !actions.includes(a));
