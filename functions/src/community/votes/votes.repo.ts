import { sql } from 'kysely';
import type { Conn } from '../../lib/db.ts';

/**
 * The only code that runs SQL on post_votes, comment_votes, post_vote_removals and the counters votes
 * drive (posts.points, comments.points, profiles.karma_points). Counters move by atomic increments in
 * the caller's transaction, so parallel votes never lose an update.
 */

/** What votes are on: a post or a comment. */
export type VotedKind = 'post' | 'comment';

const tables = {
  post: { votes: 'post_votes', key: 'post_id', counted: 'posts' },
  comment: { votes: 'comment_votes', key: 'comment_id', counted: 'comments' },
} as const;

/** Records a vote; false when the member had already voted (the primary key makes this race-free). */
export async function addVote(conn: Conn, kind: VotedKind, id: number, profileId: number): Promise<boolean> {
  const { votes, key } = tables[kind];
  const { rows } = await sql`
    INSERT INTO ${sql.table(votes)} (${sql.ref(key)}, profile_id) VALUES (${id}, ${profileId})
    ON CONFLICT (${sql.ref(key)}, profile_id) DO NOTHING
    RETURNING ${sql.ref(key)}
  `.execute(conn);
  return rows.length > 0;
}

/**
 * Removes a vote; false when there was none. A post's removal leaves a trace for the points cursors
 * (listPosts pages by points as they were at its first page).
 */
export async function removeVote(
  conn: Conn,
  kind: VotedKind,
  id: number,
  profileId: number,
): Promise<boolean> {
  const { votes, key } = tables[kind];
  const { rows } = await sql<{ created_at: Date }>`
    DELETE FROM ${sql.table(votes)} WHERE ${sql.ref(key)} = ${id} AND profile_id = ${profileId}
    RETURNING created_at
  `.execute(conn);
  const removed = rows[0];
  if (!removed) return false;
  if (kind === 'post') {
    await conn
      .insertInto('post_vote_removals')
      .values({ post_id: id, vote_created_at: removed.created_at })
      .execute();
  }
  return true;
}

/** Moves a post's or comment's points by `delta` and returns the new total. */
export async function adjustPoints(conn: Conn, kind: VotedKind, id: number, delta: number): Promise<number> {
  const row = await conn
    .updateTable(tables[kind].counted)
    .set((eb) => ({ points: eb('points', '+', delta) }))
    .where('id', '=', id)
    .returning('points')
    .executeTakeFirstOrThrow();
  return row.points;
}

export async function pointsOf(conn: Conn, kind: VotedKind, id: number): Promise<number> {
  const row = await conn
    .selectFrom(tables[kind].counted)
    .select('points')
    .where('id', '=', id)
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

/**
 * A select column `has_voted`: whether `profileId` (null: nobody, always false) upvoted the post or
 * comment whose id is in `idColumn`, so a read gets the viewer's votes in its own statement.
 */
export const selectHasVoted = (kind: VotedKind, profileId: number | null, idColumn: string) => {
  const { votes, key } = tables[kind];
  const voted =
    profileId === null
      ? sql<boolean>`false`
      : sql<boolean>`EXISTS (SELECT 1 FROM ${sql.table(votes)} viewer_vote
          WHERE viewer_vote.${sql.ref(key)} = ${sql.ref(idColumn)} AND viewer_vote.profile_id = ${profileId})`;
  return voted.as('has_voted');
};

/** The posts or comments among `ids` the viewer upvoted. */
export async function votedIds(
  conn: Conn,
  kind: VotedKind,
  profileId: number,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const { votes, key } = tables[kind];
  const rows = await conn
    .selectFrom(votes)
    .select(sql.ref<number>(key).as('id'))
    .where('profile_id', '=', profileId)
    .where(sql.ref(key), 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}
