import type { ActionPayload, Notification } from '@kring/contract';
import { sql } from 'kysely';
import type { NotificationKind } from '../../db/schema.ts';
import { type Conn, timestampText } from '../../lib/db.ts';
import { selectAuthorSummary, toProfileSummary } from '../profiles/profiles.repo.ts';

/**
 * The only code that runs SQL on notifications and notification_actors. One row per recipient,
 * kind and target (the post for REPLY_POST / UPVOTE_POST / MENTION, the comment for REPLY_COMMENT /
 * UPVOTE_COMMENT); each actor is a notification_actors row counting their actions.
 */

export const NOTIFICATIONS_LISTED = 50;

export interface NotificationTarget {
  recipientId: number;
  kind: NotificationKind;
  postId: number;
  /** The comment replied to or upvoted; null for the post kinds. */
  commentId: number | null;
}

const targetKey = sql`recipient_id, kind, post_id, coalesce(comment_id, 0)`;

/**
 * Adds one action (a reply or an upvote) to the recipient's aggregate for the target, and makes it
 * unread again. Nobody is notified of their own actions: returns false and writes nothing then.
 */
export async function recordAction(
  conn: Conn,
  target: NotificationTarget,
  action: { actorId: number; replyCommentId?: number },
): Promise<boolean> {
  if (target.recipientId === action.actorId) return false;
  // A deleted member's tombstone (their posts stay) is told nothing: nobody would ever read it.
  const recipient = await conn
    .selectFrom('profiles')
    .select('deleted_at')
    .where('id', '=', target.recipientId)
    .executeTakeFirst();
  if (!recipient || recipient.deleted_at !== null) return false;
  // A mention counts like a reply (comment_count): it is something written, not a vote.
  const isReply = target.kind !== 'UPVOTE_POST' && target.kind !== 'UPVOTE_COMMENT';
  const { id } = await conn
    .insertInto('notifications')
    .values({
      recipient_id: target.recipientId,
      kind: target.kind,
      post_id: target.postId,
      comment_id: target.commentId,
      vote_count: isReply ? 0 : 1,
      comment_count: isReply ? 1 : 0,
      latest_actor_id: action.actorId,
      latest_reply_comment_id: action.replyCommentId ?? null,
    })
    .onConflict((oc) =>
      oc.expression(targetKey).doUpdateSet((eb) => ({
        vote_count: eb('notifications.vote_count', '+', eb.ref('excluded.vote_count')),
        comment_count: eb('notifications.comment_count', '+', eb.ref('excluded.comment_count')),
        latest_actor_id: eb.ref('excluded.latest_actor_id'),
        // A mention in the post itself points at the post (null); a reply or upvote keeps the last reply.
        latest_reply_comment_id:
          target.kind === 'MENTION'
            ? eb.ref('excluded.latest_reply_comment_id')
            : sql<
                number | null
              >`coalesce(excluded.latest_reply_comment_id, notifications.latest_reply_comment_id)`,
        read_at: null,
        updated_at: sql<Date>`now()`,
      })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  await conn
    .insertInto('notification_actors')
    .values({ notification_id: id, profile_id: action.actorId, actions: 1 })
    .onConflict((oc) =>
      oc.columns(['notification_id', 'profile_id']).doUpdateSet((eb) => ({
        actions: eb('notification_actors.actions', '+', 1),
        last_action_at: sql<Date>`now()`,
      })),
    )
    .execute();
  return true;
}

/**
 * Takes an undone upvote out of the aggregate: the vote count drops, the actor goes, the latest
 * actor becomes the most recent one left, and a notification with nothing left disappears. Its read
 * state and time stay: an undo is not news. Returns whether anything changed.
 */
export async function withdrawUpvoteFromNotification(
  conn: Conn,
  target: NotificationTarget,
  actorId: number,
): Promise<boolean> {
  if (target.recipientId === actorId) return false;
  const row = await conn
    .updateTable('notifications')
    .set((eb) => ({ vote_count: eb('vote_count', '-', 1) }))
    .where('recipient_id', '=', target.recipientId)
    .where('kind', '=', target.kind)
    .where('post_id', '=', target.postId)
    .where(sql<number>`coalesce(comment_id, 0)`, '=', target.commentId ?? 0)
    .where('vote_count', '>', 0)
    .returning(['id', 'vote_count', 'comment_count'])
    .executeTakeFirst();
  if (!row) return false;
  await conn
    .deleteFrom('notification_actors')
    .where('notification_id', '=', row.id)
    .where('profile_id', '=', actorId)
    .where('actions', '<=', 1)
    .execute();
  await conn
    .updateTable('notification_actors')
    .set((eb) => ({ actions: eb('actions', '-', 1) }))
    .where('notification_id', '=', row.id)
    .where('profile_id', '=', actorId)
    .execute();
  if (row.vote_count <= 0 && row.comment_count <= 0) {
    await conn.deleteFrom('notifications').where('id', '=', row.id).execute();
    return true;
  }
  await conn
    .updateTable('notifications')
    .set({
      latest_actor_id: (eb) =>
        eb
          .selectFrom('notification_actors')
          .select('profile_id')
          .where('notification_id', '=', row.id)
          .orderBy('last_action_at', 'desc')
          .orderBy('profile_id', 'desc')
          .limit(1),
    })
    .where('id', '=', row.id)
    .execute();
  return true;
}

export async function unreadCount(conn: Conn, recipientId: number): Promise<number> {
  const row = await conn
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('recipient_id', '=', recipientId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The Firebase uid and unread count of each recipient, for the realtime counter. */
export async function unreadCountsFor(
  conn: Conn,
  recipientIds: number[],
): Promise<{ uid: string; unreadCount: number }[]> {
  if (recipientIds.length === 0) return [];
  const rows = await conn
    .selectFrom('profiles')
    .select((eb) => [
      'profiles.uid',
      eb
        .selectFrom('notifications')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('notifications.recipient_id', '=', 'profiles.id')
        .where('notifications.read_at', 'is', null)
        .as('unread'),
    ])
    .where('profiles.id', 'in', recipientIds)
    .execute();
  return rows.map((r) => ({ uid: r.uid, unreadCount: Number(r.unread ?? 0) }));
}

/** Marks the recipient's notifications read (only the given ones when `ids` is set). */
export async function markRead(conn: Conn, recipientId: number, ids?: number[]): Promise<void> {
  if (ids?.length === 0) return;
  let query = conn
    .updateTable('notifications')
    .set({ read_at: sql<Date>`now()` })
    .where('recipient_id', '=', recipientId)
    .where('read_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids);
  await query.execute();
}

function payloadOf(row: {
  kind: NotificationKind;
  post_id: number;
  comment_id: number | null;
  latest_actor_id: number;
  latest_reply_comment_id: number | null;
}): ActionPayload {
  switch (row.kind) {
    case 'REPLY_POST':
      return {
        type: row.kind,
        replyAuthorId: row.latest_actor_id,
        postId: row.post_id,
        replyCommentId: row.latest_reply_comment_id!,
      };
    case 'REPLY_COMMENT':
      return {
        type: row.kind,
        replyAuthorId: row.latest_actor_id,
        postId: row.post_id,
        commentId: row.comment_id!,
        replyCommentId: row.latest_reply_comment_id!,
      };
    case 'UPVOTE_POST':
      return { type: row.kind, votingUserId: row.latest_actor_id, postId: row.post_id };
    case 'UPVOTE_COMMENT':
      return {
        type: row.kind,
        votingUserId: row.latest_actor_id,
        postId: row.post_id,
        commentId: row.comment_id!,
      };
    case 'MENTION':
      // latest_reply_comment_id holds the comment of the latest mention; null for the post itself.
      return {
        type: row.kind,
        mentioningUserId: row.latest_actor_id,
        postId: row.post_id,
        commentId: row.latest_reply_comment_id,
      };
  }
}

/**
 * The recipient's most recent notifications by last activity, with the latest actor and the post title.
 * The title of a deleted post is blank unless the recipient wrote the post (getPost is a 404 for them).
 */
export async function listForRecipient(
  conn: Conn,
  recipientId: number,
  page: { after: { updatedAt: string; id: number } | null; limit: number } = {
    after: null,
    limit: NOTIFICATIONS_LISTED,
  },
): Promise<{ notification: Notification; updatedKey: string }[]> {
  let query = conn
    .selectFrom('notifications as n')
    .innerJoin('posts', 'posts.id', 'n.post_id')
    .select((eb) => [
      'n.id',
      'n.kind',
      'n.post_id',
      'n.comment_id',
      'n.vote_count',
      'n.comment_count',
      'n.latest_actor_id',
      'n.latest_reply_comment_id',
      'n.read_at',
      'n.created_at',
      'n.updated_at',
      timestampText('n.updated_at').as('updated_key'),
      // A deleted post's title (perhaps the reason it was removed) is shown only to its author.
      eb
        .case()
        .when(eb.and([eb('posts.deleted_at', 'is not', null), eb('posts.author_id', '<>', recipientId)]))
        .then('')
        .else(eb.ref('posts.title'))
        .end()
        .as('post_title'),
      selectAuthorSummary('n.latest_actor_id', 'actor'),
      eb
        .selectFrom('notification_actors')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('notification_actors.notification_id', '=', 'n.id')
        .as('unique_users'),
    ])
    .where('n.recipient_id', '=', recipientId)
    // One without a latest actor has nobody to show, and is not listed.
    .where('n.latest_actor_id', 'is not', null)
    .orderBy('n.updated_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(page.limit);
  if (page.after)
    query = query.where(
      sql<boolean>`(n.updated_at, n.id) < (${page.after.updatedAt}::timestamptz, ${page.after.id})`,
    );
  const rows = await query.execute();
  return rows.map((row) => ({
    updatedKey: row.updated_key,
    notification: {
      id: row.id,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      readAt: row.read_at?.toISOString() ?? null,
      actionPayload: payloadOf({ ...row, latest_actor_id: row.latest_actor_id! }),
      voteCount: row.vote_count,
      commentCount: row.comment_count,
      uniqueUsers: Number(row.unique_users ?? 0),
      latestUser: toProfileSummary(row.actor),
      postTitle: row.post_title,
    },
  }));
}
