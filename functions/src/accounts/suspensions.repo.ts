import { sql } from 'kysely';
import type { Conn, Tx } from '../lib/db.ts';
import { forgetCaller } from './caller-cache.ts';

/** The only code that runs SQL on suspensions (migration 0009). */

/** The first moment of `date` (YYYY-MM-DD) in Amsterdam, and whether it lies after today and within `maxDays`. */
export async function suspensionEnd(conn: Conn, date: string, maxDays: number) {
  const { rows } = await sql<{ until: Date; valid: boolean }>`
    SELECT (${date}::date)::timestamp AT TIME ZONE 'Europe/Amsterdam' AS until,
      ${date}::date > (now() AT TIME ZONE 'Europe/Amsterdam')::date
        AND ${date}::date <= (now() AT TIME ZONE 'Europe/Amsterdam')::date + ${maxDays}::int AS valid
  `.execute(conn);
  return rows[0]!;
}

/** Records a suspension; a member already suspended keeps the role they had before the first one. */
export async function upsertSuspension(
  tx: Tx,
  s: { uid: string; until: Date; previousRole: number; reason: string; by: string },
): Promise<void> {
  forgetCaller(s.uid);
  await tx
    .insertInto('suspensions')
    .values({
      uid: s.uid,
      suspended_until: s.until,
      previous_role: s.previousRole,
      reason: s.reason,
      suspended_by: s.by,
    })
    .onConflict((oc) =>
      oc.column('uid').doUpdateSet({
        suspended_until: s.until,
        reason: s.reason,
        suspended_by: s.by,
        created_at: sql`now()`,
        lifted_at: null,
        previous_role: sql`CASE WHEN suspensions.lifted_at IS NULL THEN suspensions.previous_role
          ELSE excluded.previous_role END`,
      }),
    )
    .execute();
}

/** Suspensions whose date has come and that were not lifted yet. */
export const dueSuspensions = (conn: Conn, now: Date, uids?: string[]) => {
  let query = conn
    .selectFrom('suspensions')
    .select(['uid', 'previous_role'])
    .where('lifted_at', 'is', null)
    .where('suspended_until', '<=', now);
  if (uids) query = query.where('uid', 'in', uids.length ? uids : ['']);
  return query.execute();
};

/**
 * Marks a due suspension lifted and answers the role it held (the role before it), or undefined when
 * there is none any more (lifted already, or an admin just extended it), so the caller leaves the
 * role alone. The row stays locked until the caller's transaction ends.
 */
export async function markLifted(tx: Tx, uid: string, now: Date): Promise<number | undefined> {
  forgetCaller(uid);
  const row = await tx
    .updateTable('suspensions')
    .set({ lifted_at: sql`now()` })
    .where('uid', '=', uid)
    .where('lifted_at', 'is', null)
    .where('suspended_until', '<=', now)
    .returning('previous_role')
    .executeTakeFirst();
  return row?.previous_role;
}

/** Takes a lift back (its claim could not be set); false when an admin suspended them again meanwhile. */
export async function unmarkLifted(tx: Tx, uid: string): Promise<boolean> {
  forgetCaller(uid);
  const row = await tx
    .updateTable('suspensions')
    .set({ lifted_at: null })
    .where('uid', '=', uid)
    .where('lifted_at', 'is not', null)
    .returning('uid')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Locks a member's suspension row, if there is one, for the rest of the transaction: suspending and
 * lifting both take it before the account row, one order, so they wait for each other and never
 * deadlock.
 */
export async function lockSuspension(tx: Tx, uid: string): Promise<void> {
  await tx.selectFrom('suspensions').select('uid').where('uid', '=', uid).forUpdate().execute();
}

/** A member's open suspension (not lifted yet): its end and the role it gives back; undefined when none. */
export const openSuspension = (conn: Conn, uid: string) =>
  conn
    .selectFrom('suspensions')
    .select(['suspended_until', 'previous_role'])
    .where('uid', '=', uid)
    .where('lifted_at', 'is', null)
    .executeTakeFirst();

/** The end of a member's open suspension (not lifted yet), or undefined when there is none. */
export const openSuspensionEnd = async (conn: Conn, uid: string): Promise<Date | undefined> =>
  (await openSuspension(conn, uid))?.suspended_until;

/** The role an open suspension (not lifted yet) gives back, or undefined when there is none. */
export const openSuspensionRole = async (conn: Conn, uid: string): Promise<number | undefined> =>
  (await openSuspension(conn, uid))?.previous_role;

/** Changes the role an open suspension gives back; false when it was lifted meanwhile. */
export async function setPreviousRole(conn: Conn, uid: string, role: number): Promise<boolean> {
  const row = await conn
    .updateTable('suspensions')
    .set({ previous_role: role })
    .where('uid', '=', uid)
    .where('lifted_at', 'is', null)
    .returning('uid')
    .executeTakeFirst();
  return row !== undefined;
}
