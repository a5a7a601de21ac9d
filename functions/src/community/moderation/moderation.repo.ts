import { verifiedEmail } from '../../accounts/accounts.repo.ts';
import { appendAdminLog, listModerationEntries } from '../../admin/admin-log.repo.ts';
import type { ModerationLogTable, ReportItemKind } from '../../db/schema.ts';
import type { Conn } from '../../lib/db.ts';

/**
 * The moderators' log: since 0022 one table with the admin log (admin_log; admin/admin-log.repo.ts
 * is its only SQL). Also reads an author's address to tell them of a removal.
 */

export type ModerationAction = ModerationLogTable['action'];

/**
 * One row per moderator action: who, what, when and why, the post, comment, reported item and
 * suspension end as details; about the member `subjectUid`, or the owner of `subjectProfileId` (the
 * author of a removed post or comment), so it reaches their GDPR export.
 */
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
    subjectProfileId?: number;
    suspendedUntil?: Date;
  },
): Promise<void> {
  const details = {
    postId: entry.postId ?? undefined,
    commentId: entry.commentId,
    itemKind: entry.item?.kind,
    itemId: entry.item?.id,
    suspendedUntil: entry.suspendedUntil?.toISOString(),
  };
  await appendAdminLog(conn, {
    actorUid: entry.moderatorUid,
    action: entry.action,
    subjectUid: entry.subjectUid ?? null,
    ...(entry.subjectProfileId === undefined ? {} : { subjectProfileId: entry.subjectProfileId }),
    reason: entry.reason ?? null,
    details,
  });
}

/** The log, newest first, with the moderator's and the suspended member's names. */
export const listLog = (conn: Conn, afterId: number | null, limit: number) =>
  listModerationEntries(conn, afterId, limit);

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
