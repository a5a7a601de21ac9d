import type { ModerationLogTable } from '../../db/schema.ts';
import type { Conn } from '../../lib/db.ts';

/** The only code that runs SQL on moderation_log, and reads an author's address to tell them of a removal. */

export type ModerationAction = ModerationLogTable['action'];

/** One row per moderator action: who, what, when and why. */
export async function logAction(
  conn: Conn,
  entry: {
    moderatorUid: string;
    action: ModerationAction;
    postId: number;
    commentId?: number;
    reason?: string;
  },
): Promise<void> {
  await conn
    .insertInto('moderation_log')
    .values({
      moderator_uid: entry.moderatorUid,
      action: entry.action,
      post_id: entry.postId,
      comment_id: entry.commentId ?? null,
      reason: entry.reason ?? null,
    })
    .execute();
}

/** Name and e-mail address of a profile's owner (accounts.email), for the removal mail. */
export async function authorContact(
  conn: Conn,
  profileId: number,
): Promise<{ name: string; email: string | null } | undefined> {
  return conn
    .selectFrom('profiles')
    .innerJoin('accounts', 'accounts.uid', 'profiles.uid')
    .select(['profiles.name', 'accounts.email'])
    .where('profiles.id', '=', profileId)
    .executeTakeFirst();
}
