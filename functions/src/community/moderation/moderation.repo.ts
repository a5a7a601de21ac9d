import { verifiedEmail } from '../../accounts/accounts.repo.ts';
import type { ModerationLogTable, ReportItemKind } from '../../db/schema.ts';
import type { Conn } from '../../lib/db.ts';

/** The only code that runs SQL on moderation_log, and reads an author's address to tell them of a removal. */

export type ModerationAction = ModerationLogTable['action'];

/** One row per moderator action: who, what, when and why. */
export async function logAction(
  conn: Conn,
  entry: {
    moderatorUid: string;
    action: ModerationAction;
    postId?: number | null;
    commentId?: number;
    reason?: string;
    item?: { kind: ReportItemKind; id: number } | null;
    subjectUid?: string;
    suspendedUntil?: Date;
  },
): Promise<void> {
  await conn
    .insertInto('moderation_log')
    .values({
      moderator_uid: entry.moderatorUid,
      action: entry.action,
      post_id: entry.postId ?? null,
      comment_id: entry.commentId ?? null,
      reason: entry.reason ?? null,
      item_kind: entry.item?.kind ?? null,
      item_id: entry.item?.id ?? null,
      subject_uid: entry.subjectUid ?? null,
      suspended_until: entry.suspendedUntil ?? null,
    })
    .execute();
}

export interface LogKey {
  id: number;
}

/** The log, newest first, with the moderator's and the suspended member's names. */
export async function listLog(conn: Conn, afterId: number | null, limit: number) {
  let query = conn
    .selectFrom('moderation_log as l')
    // Left: a moderator who deleted their account (issue 15) leaves moderator_uid null; the entry stays.
    .leftJoin('accounts as ma', 'ma.uid', 'l.moderator_uid')
    .leftJoin('profiles as mp', 'mp.uid', 'l.moderator_uid')
    .leftJoin('profiles as sp', 'sp.uid', 'l.subject_uid')
    .select([
      'l.id',
      'l.action',
      'l.post_id',
      'l.comment_id',
      'l.item_kind',
      'l.item_id',
      'l.reason',
      'l.suspended_until',
      'l.created_at',
      'ma.role as moderator_role',
      'ma.email as moderator_email',
      'mp.name as moderator_name',
      'sp.name as subject_name',
    ])
    .orderBy('l.id', 'desc')
    .limit(limit);
  if (afterId !== null) query = query.where('l.id', '<', afterId);
  return query.execute();
}

/** Uid, stored role, name and verified address (else null) of a profile's owner (suspensions). */
export const profileOwner = (conn: Conn, profileId: number) =>
  conn
    .selectFrom('profiles')
    .innerJoin('accounts', 'accounts.uid', 'profiles.uid')
    .select(['profiles.uid', 'profiles.name', verifiedEmail().as('email'), 'accounts.role'])
    .where('profiles.id', '=', profileId)
    .where('profiles.deleted_at', 'is', null)
    .executeTakeFirst();

/** Name and verified e-mail address (else null) of a profile's owner, for the removal mail. */
export async function authorContact(
  conn: Conn,
  profileId: number,
): Promise<{ name: string; email: string | null } | undefined> {
  return conn
    .selectFrom('profiles')
    .innerJoin('accounts', 'accounts.uid', 'profiles.uid')
    .select(['profiles.name', verifiedEmail().as('email')])
    .where('profiles.id', '=', profileId)
    .executeTakeFirst();
}
