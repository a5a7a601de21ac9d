import { sql } from 'kysely';
import { type Conn, timestampText } from '../../lib/db.ts';
import type { CommentRow } from '../comments/comments.repo.ts';
import { selectCommentMentions } from '../mentions/mentions.repo.ts';
import { olderThan } from '../posts/posts.repo.ts';
import { type ProfileRow, profileColumns, selectAuthorSummary } from './profiles.repo.ts';

/**
 * The only code that runs SQL for the member list and the public profile page. Reads only; the
 * post and comment lists here select keys and rows by author, the post views come from posts.repo.
 */

/** Keyset position in a newest-first list: created_at with all six fractional digits, then id. */
export interface CreatedKey {
  createdAt: string;
  id: number;
}

/** Keyset position in the karma list: karma points, then id. */
export interface KarmaKey {
  points: number;
  id: number;
}

export type ProfileListRow = ProfileRow & { created_key: string };

const profileList = (conn: Conn, limit: number) =>
  conn
    .selectFrom('profiles')
    .innerJoin('accounts', 'accounts.uid', 'profiles.uid')
    .select([...profileColumns, timestampText('profiles.created_at').as('created_key')])
    .where('profiles.deleted_at', 'is', null)
    .limit(limit);

/** Profiles newest first (profiles_created_idx), after `after`. */
export async function listProfilesByCreated(conn: Conn, after: CreatedKey | null, limit: number) {
  let query = profileList(conn, limit).orderBy('profiles.created_at', 'desc').orderBy('profiles.id', 'desc');
  if (after)
    query = query.where(
      sql<boolean>`(profiles.created_at, profiles.id) < (${after.createdAt}::timestamptz, ${after.id})`,
    );
  return query.execute();
}

/** Profiles by karma points, highest first (profiles_karma_idx), after `after`. */
export async function listProfilesByKarma(conn: Conn, after: KarmaKey | null, limit: number) {
  let query = profileList(conn, limit)
    .orderBy('profiles.karma_points', 'desc')
    .orderBy('profiles.id', 'desc');
  if (after)
    query = query.where(sql<boolean>`(profiles.karma_points, profiles.id) < (${after.points}, ${after.id})`);
  return query.execute();
}

/** An author's posts that are not deleted, newest first (posts_author_idx): keys only. */
export async function listAuthorPostKeys(
  conn: Conn,
  authorId: number,
  after: CreatedKey | null,
  limit: number,
): Promise<CreatedKey[]> {
  const rest = olderThan('p', after);
  const { rows } = await sql<{ id: number; created_key: string }>`
    SELECT p.id, ${timestampText('p.created_at')} AS created_key FROM posts p
    WHERE p.author_id = ${authorId} AND p.deleted_at IS NULL ${rest}
    ORDER BY p.created_at DESC, p.id DESC
    LIMIT ${limit}
  `.execute(conn);
  return rows.map((r) => ({ createdAt: r.created_key, id: r.id }));
}

export type AuthorCommentRow = CommentRow & { post_title: string; depth: number; created_key: string };

/**
 * An author's comments that are not deleted, on posts that are not deleted, newest first
 * (comments_author_idx), with the post title and each comment's depth, in one statement.
 */
export async function listAuthorComments(
  conn: Conn,
  authorId: number,
  after: CreatedKey | null,
  limit: number,
): Promise<AuthorCommentRow[]> {
  const rest = olderThan('c', after);
  const { rows } = await sql<AuthorCommentRow>`
    WITH RECURSIVE page AS (
      SELECT c.id, c.post_id, c.parent_id, c.author_id, c.content, c.points, c.deleted_at, c.delete_reason,
        c.created_at, c.updated_at, p.title AS post_title
      FROM comments c JOIN posts p ON p.id = c.post_id
      WHERE c.author_id = ${authorId} AND c.deleted_at IS NULL AND p.deleted_at IS NULL ${rest}
      ORDER BY c.created_at DESC, c.id DESC
      LIMIT ${limit}
    ), chain AS (
      SELECT id AS comment_id, parent_id, 0 AS depth FROM page
      UNION ALL
      SELECT chain.comment_id, c.parent_id, chain.depth + 1
      FROM chain JOIN comments c ON c.id = chain.parent_id
    )
    SELECT page.*, ${timestampText('page.created_at')} AS created_key,
      (SELECT max(chain.depth)::int FROM chain WHERE chain.comment_id = page.id) AS depth,
      ${selectAuthorSummary('page.author_id', 'author')},
      ${selectCommentMentions('page.id')}
    FROM page
    ORDER BY page.created_at DESC, page.id DESC
  `.execute(conn);
  return rows;
}
