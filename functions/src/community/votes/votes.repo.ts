import { sql } from 'kysely';
import type { Conn } from '../../lib/db.ts';

/**
 * The only code that runs SQL on post_votes, comment_votes, post_vote_removals and the counters votes
 * drive (posts.points, comments.points, profiles.karma_points). Counters move by atomic increments in
 * the caller's transaction, so parallel votes never lose an update.
 */

/** Records a vote; false when the member had already voted (the primary key makes this race-free). */
export async function addPostVote(conn: Conn, postId: number, profileId: number): Promise<boolean> {
  const row = await conn
    .insertInto('post_votes')
    .values({ post_id: postId, profile_id: profileId })
    .onConflict((oc) => oc.columns(['post_id', 'profile_id']).doNothing())
    .returning('post_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes a vote and leaves a trace for points cursors; false when there was none. */
export async function removePostVote(conn: Conn, postId: number, profileId: number): Promise<boolean> {
  const row = await conn
    .deleteFrom('post_votes')
    .where('post_id', '=', postId)
    .where('profile_id', '=', profileId)
    .returning('created_at')
    .executeTakeFirst();
  if (!row) return false;
  await conn
    .insertInto('post_vote_removals')
    .values({ post_id: postId, vote_created_at: row.created_at })
    .execute();
  return true;
}

export async function addCommentVote(conn: Conn, commentId: number, profileId: number): Promise<boolean> {
  const row = await conn
    .insertInto('comment_votes')
    .values({ comment_id: commentId, profile_id: profileId })
    .onConflict((oc) => oc.columns(['comment_id', 'profile_id']).doNothing())
    .returning('comment_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function removeCommentVote(conn: Conn, commentId: number, profileId: number): Promise<boolean> {
  const row = await conn
    .deleteFrom('comment_votes')
    .where('comment_id', '=', commentId)
    .where('profile_id', '=', profileId)
    .returning('comment_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Moves a post's points by `delta` and returns the new total. */
export async function adjustPostPoints(conn: Conn, postId: number, delta: number): Promise<number> {
  const row = await conn
    .updateTable('posts')
    .set((eb) => ({ points: eb('points', '+', delta) }))
    .where('id', '=', postId)
    .returning('points')
    .executeTakeFirstOrThrow();
  return row.points;
}

export async function adjustCommentPoints(conn: Conn, commentId: number, delta: number): Promise<number> {
  const row = await conn
    .updateTable('comments')
    .set((eb) => ({ points: eb('points', '+', delta) }))
    .where('id', '=', commentId)
    .returning('points')
    .executeTakeFirstOrThrow();
  return row.points;
}

export async function postPoints(conn: Conn, postId: number): Promise<number> {
  const row = await conn
    .selectFrom('posts')
    .select('points')
    .where('id', '=', postId)
    .executeTakeFirstOrThrow();
  return row.points;
}

export async function commentPoints(conn: Conn, commentId: number): Promise<number> {
  const row = await conn
    .selectFrom('comments')
    .select('points')
    .where('id', '=', commentId)
    .executeTakeFirstOrThrow();
  return row.points;
}

/** An author's karma follows the upvotes others give their posts and comments. */
export async function adjustKarma(conn: Conn, profileId: number, delta: number): Promise<void> {
  await conn
    .updateTable('profiles')
    .set({ karma_points: sql<number>`karma_points + ${delta}` })
    .where('id', '=', profileId)
    .execute();
}

/** The comments among `commentIds` the viewer upvoted. */
export async function votedCommentIds(
  conn: Conn,
  profileId: number,
  commentIds: number[],
): Promise<Set<number>> {
  if (commentIds.length === 0) return new Set();
  const rows = await conn
    .selectFrom('comment_votes')
    .select('comment_id')
    .where('profile_id', '=', profileId)
    .where('comment_id', 'in', commentIds)
    .execute();
  return new Set(rows.map((r) => r.comment_id));
}

/** The posts among `postIds` the viewer upvoted. */
export async function votedPostIds(conn: Conn, profileId: number, postIds: number[]): Promise<Set<number>> {
  if (postIds.length === 0) return new Set();
  const rows = await conn
    .selectFrom('post_votes')
    .select('post_id')
    .where('profile_id', '=', profileId)
    .where('post_id', 'in', postIds)
    .execute();
  return new Set(rows.map((r) => r.post_id));
}
