import { sql } from 'kysely';
import type { AdminLogTable } from '../db/schema.ts';
import type { Conn } from '../lib/db.ts';

/**
 * The only code that runs SQL on admin_log. It inserts and reads; there is deliberately no update or
 * delete here (the log is append-only; admin-log.test.ts checks this module's exports).
 */

export type AdminAction = AdminLogTable['action'];

/** One row per admin action: who, what, about whom, why, and the details (e.g. the old and new role). */
export async function appendAdminLog(
  conn: Conn,
  entry: {
    actorUid: string;
    action: AdminAction;
    subjectUid: string | null;
    reason: string;
    details: Record<string, unknown>;
  },
): Promise<void> {
  await conn
    .insertInto('admin_log')
    .values({
      actor_uid: entry.actorUid,
      action: entry.action,
      subject_uid: entry.subjectUid,
      reason: entry.reason,
      details: JSON.stringify(entry.details),
    })
    .execute();
}

/**
 * The entries about a member for their GDPR export (docs/privacy.md): what was done and why, oldest
 * first, without the admin who did it (that is the admin's data, as for suspensions).
 */
export const adminLogAbout = (conn: Conn, uid: string) =>
  conn
    .selectFrom('admin_log')
    .select(['action', 'reason', 'details', 'created_at'])
    .where('subject_uid', '=', uid)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** Where a combined log entry comes from: 'a' admin_log, 'm' moderation_log. */
export type LogSource = 'a' | 'm';

export interface CombinedLogKey {
  t: string;
  s: LogSource;
  i: number;
}

export interface CombinedLogRow {
  source: LogSource;
  id: number;
  action: string;
  actor_uid: string | null;
  subject_uid: string | null;
  reason: string | null;
  details: Record<string, unknown>;
  created_at: Date;
  key_time: string;
}

const time = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The admin log and the moderation log read as one, newest first, keyset-paged on
 * (created_at, source, id); only the entries about `subjectUid` when given.
 */
export async function listCombinedLog(
  conn: Conn,
  opts: { after: CombinedLogKey | null; limit: number; subjectUid?: string },
): Promise<CombinedLogRow[]> {
  const subject = (column: string) =>
    opts.subjectUid === undefined ? sql`true` : sql`${sql.ref(column)} = ${opts.subjectUid}`;
  const after = opts.after
    ? sql`WHERE (created_at, source, id) < (${opts.after.t}::timestamptz, ${opts.after.s}, ${opts.after.i})`
    : sql``;
  const result = await sql<CombinedLogRow>`
    SELECT * FROM (
      SELECT 'a' AS source, id, action, actor_uid, subject_uid, reason, details, created_at,
             ${time('created_at')} AS key_time
        FROM admin_log WHERE ${subject('subject_uid')}
      UNION ALL
      SELECT 'm', id, action, moderator_uid, subject_uid, reason,
             jsonb_strip_nulls(jsonb_build_object('postId', post_id, 'commentId', comment_id,
               'itemKind', item_kind, 'itemId', item_id, 'suspendedUntil', suspended_until)),
             created_at, ${time('created_at')}
        FROM moderation_log WHERE ${subject('subject_uid')}
    ) log ${after}
    ORDER BY created_at DESC, source DESC, id DESC
    LIMIT ${opts.limit}`.execute(conn);
  return result.rows;
}
