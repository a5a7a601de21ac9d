import { moderationAction } from '@kring/contract';
import { sql } from 'kysely';
import type { AdminLogTable, ReportItemKind } from '../db/schema.ts';
import { type Conn, timestampText } from '../lib/db.ts';

/**
 * The only code that runs SQL on admin_log. It inserts and reads; there is deliberately no update or
 * delete here (the log is append-only; admin-log.test.ts checks this module's exports).
 */

export type AdminAction = AdminLogTable['action'];

/**
 * The moderators' actions (0022 moved them here from moderation_log); the rest are admin actions.
 * The contract's list, which the moderators' log answers with.
 */
export const moderationActions = moderationAction.options satisfies readonly AdminAction[];

/** What Kring's own jobs log (no admin): shown as 'Kring (automatisch)', not as a deleted account. */
export const systemActions = ['COMP_EXPIRED'] as const satisfies readonly AdminAction[];

/**
 * One row per admin or moderator action: who, what, about whom, why, and the details (e.g. the old
 * and new role). `subjectProfileId`: the member is the owner of that profile (a removed post's author).
 */
export async function appendAdminLog(
  conn: Conn,
  entry: {
    /** null: Kring itself (a `systemActions` entry, e.g. a comp ended on its date by the hourly job). */
    actorUid: string | null;
    action: AdminAction;
    subjectUid: string | null;
    subjectProfileId?: number;
    reason: string | null;
    details: Record<string, unknown>;
  },
): Promise<void> {
  const subject =
    entry.subjectUid === null && entry.subjectProfileId !== undefined
      ? sql<string | null>`(SELECT uid FROM profiles WHERE id = ${entry.subjectProfileId})`
      : entry.subjectUid;
  await conn
    .insertInto('admin_log')
    .values({
      actor_uid: entry.actorUid,
      action: entry.action,
      subject_uid: subject,
      reason: entry.reason,
      details: JSON.stringify(entry.details),
    })
    .execute();
}

/** The moderators' log (/community/moderatie): moderation actions only, newest first, by id. */
export function listModerationEntries(conn: Conn, afterId: number | null, limit: number) {
  let query = conn
    .selectFrom('admin_log as l')
    // Left: a moderator who deleted their account (issue 15) leaves actor_uid null; the entry stays.
    .leftJoin('accounts as ma', 'ma.uid', 'l.actor_uid')
    .leftJoin('profiles as mp', 'mp.uid', 'l.actor_uid')
    .leftJoin('profiles as sp', 'sp.uid', 'l.subject_uid')
    .select([
      'l.id',
      sql<(typeof moderationActions)[number]>`l.action`.as('action'),
      sql<number | null>`(l.details->>'postId')::bigint`.as('post_id'),
      sql<number | null>`(l.details->>'commentId')::bigint`.as('comment_id'),
      sql<ReportItemKind | null>`l.details->>'itemKind'`.as('item_kind'),
      sql<number | null>`(l.details->>'itemId')::bigint`.as('item_id'),
      'l.reason',
      sql<Date | null>`(l.details->>'suspendedUntil')::timestamptz`.as('suspended_until'),
      'l.created_at',
      'ma.role as moderator_role',
      'ma.email as moderator_email',
      'mp.name as moderator_name',
      'sp.name as subject_name',
    ])
    .where('l.action', 'in', moderationActions)
    .orderBy('l.id', 'desc')
    .limit(limit);
  if (afterId !== null) query = query.where('l.id', '<', afterId);
  return query.execute();
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

/** Where a log entry comes from: 'a' admin_log (since 0022 all of them; 'm' was moderation_log, kept for cursors). */
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

/**
 * The one log (admin and moderator actions; 0022 moved moderation_log's rows here), newest first,
 * keyset-paged on (created_at, source, id) as before the move (cursors in flight stay valid); only
 * the entries about `subjectUid` when given.
 */
export async function listCombinedLog(
  conn: Conn,
  opts: { after: CombinedLogKey | null; limit: number; subjectUid?: string },
): Promise<CombinedLogRow[]> {
  const subject = opts.subjectUid === undefined ? sql`true` : sql`subject_uid = ${opts.subjectUid}`;
  const after = opts.after
    ? sql`AND (created_at, 'a', id) < (${opts.after.t}::timestamptz, ${opts.after.s}, ${opts.after.i})`
    : sql``;
  const result = await sql<CombinedLogRow>`
    SELECT 'a' AS source, id, action, actor_uid, subject_uid, reason, details, created_at,
           ${timestampText('created_at')} AS key_time
      FROM admin_log WHERE ${subject} ${after}
    ORDER BY created_at DESC, id DESC
    LIMIT ${opts.limit}`.execute(conn);
  return result.rows;
}
