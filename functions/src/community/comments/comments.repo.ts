import type { Comment, MentionedMember } from '@kring/contract';
import { sql } from 'kysely';
import { type Conn, timestampText } from '../../lib/db.ts';
import { selectCommentMentions } from '../mentions/mentions.repo.ts';
import { type AuthorSummaryRow, selectAuthorSummary, toProfileSummary } from '../profiles/profiles.repo.ts';
import { type Removal, softDelete } from '../shared/soft-delete.repo.ts';
import type { Viewer } from '../shared/viewer.ts';
import { selectHasVoted } from '../votes/votes.repo.ts';
import type { CommentOrder } from './comment-tree.ts';

/** The only code that runs SQL on comments. */

/** A comment's id, where it stands (post, parent), who wrote it and what. */
const commentPlace = [
  'comments.id',
  'comments.post_id',
  'comments.parent_id',
  'comments.author_id',
  'comments.content',
] as const;

export interface CommentState {
  id: number;
  post_id: number;
  parent_id: number | null;
  author_id: number;
  content: string;
  deleted_at: Date | null;
  post_author_id: number;
  post_title: string;
  post_deleted_at: Date | null;
}

/** A comment with what ownership and state checks need about its post; `lock` holds the comment row. */
export async function findCommentState(
  conn: Conn,
  id: number,
  lock = false,
): Promise<CommentState | undefined> {
  let query = conn
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .select([
      ...commentPlace,
      'comments.deleted_at',
      'posts.author_id as post_author_id',
      'posts.title as post_title',
      'posts.deleted_at as post_deleted_at',
    ])
    .where('comments.id', '=', id);
  if (lock) query = query.forNoKeyUpdate(['comments']);
  return query.executeTakeFirst();
}

/**
 * Stores a comment with its thread: `root_id` is the parent's root, or the comment's own id for a
 * top-level comment (the id is drawn first so one statement can write both).
 */
export async function insertComment(
  conn: Conn,
  fields: { postId: number; parentId: number | null; authorId: number; content: string },
): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    WITH next AS (SELECT nextval(pg_get_serial_sequence('comments', 'id')) AS id)
    INSERT INTO comments (id, root_id, post_id, parent_id, author_id, content)
    SELECT next.id, coalesce((SELECT p.root_id FROM comments p WHERE p.id = ${fields.parentId}), next.id),
      ${fields.postId}, ${fields.parentId}, ${fields.authorId}, ${fields.content}
    FROM next
    RETURNING id
  `.execute(conn);
  return rows[0]!.id;
}

export async function updateCommentContent(conn: Conn, id: number, content: string): Promise<void> {
  await conn
    .updateTable('comments')
    .set({ content, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Soft delete (see softDelete); false when it was already deleted. */
export const softDeleteComment = (conn: Conn, id: number, removal: Removal): Promise<boolean> =>
  softDelete(conn, 'comments', id, removal);

/** 0 for a reply to the post, 1 for a reply to such a comment, and so on. */
export async function commentDepth(conn: Conn, id: number): Promise<number> {
  const { rows } = await sql<{ depth: number }>`
    WITH RECURSIVE chain AS (
      SELECT id, parent_id, 0 AS depth FROM comments WHERE id = ${id}
      UNION ALL
      SELECT c.id, c.parent_id, chain.depth + 1 FROM comments c JOIN chain ON c.id = chain.parent_id
    )
    SELECT max(depth)::int AS depth FROM chain
  `.execute(conn);
  return rows[0]?.depth ?? 0;
}

/** The ancestor of comment `id` (or `id` itself) that sits at `depth`; `id` must be at least that deep. */
export async function ancestorAtDepth(conn: Conn, id: number, depth: number): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    WITH RECURSIVE chain AS (
      SELECT id, parent_id, 0 AS up FROM comments WHERE id = ${id}
      UNION ALL
      SELECT c.id, c.parent_id, chain.up + 1 FROM comments c JOIN chain ON c.id = chain.parent_id
    )
    SELECT id FROM chain WHERE up = (SELECT max(up) FROM chain) - ${depth}
  `.execute(conn);
  const ancestor = rows[0];
  if (!ancestor) throw new Error(`comment ${id} has no ancestor at depth ${depth}`);
  return ancestor.id;
}

export interface CommentRow {
  id: number;
  post_id: number;
  parent_id: number | null;
  author_id: number;
  content: string;
  points: number;
  deleted_at: Date | null;
  delete_reason: string | null;
  created_at: Date;
  updated_at: Date;
  author: AuthorSummaryRow;
  mentions: MentionedMember[];
}

/** Comments as toComment reads them, with their author's summary. */
export const commentRows = (conn: Conn) =>
  conn
    .selectFrom('comments')
    .select([
      ...commentPlace,
      'comments.points',
      'comments.deleted_at',
      'comments.delete_reason',
      'comments.created_at',
      'comments.updated_at',
      selectAuthorSummary('comments.author_id', 'author'),
      selectCommentMentions(),
    ]);

/** Where a page of threads starts after: the sort keys of the last top-level comment seen. */
export interface ThreadKey {
  id: number;
  points: number;
  /** created_at with microseconds (timestampText), so the keyset compares exactly. */
  createdAt: string;
}

/**
 * One page of a post's threads: its top-level comments after `after`, oldest first or by points
 * (most first, then oldest, then id). A deleted one counts only while some comment of its thread is
 * not deleted, because only then does getPost show it (as a placeholder), so a page is never short.
 * That check is a scalar subquery, not EXISTS: Postgres may turn `OR EXISTS` into a hashed subplan
 * that reads every comment of every post; this one runs per deleted top-level comment only, on
 * comments_root_idx.
 */
export async function listThreadKeys(
  conn: Conn,
  opts: { postId: number; order: CommentOrder; after: ThreadKey | null; limit: number },
): Promise<ThreadKey[]> {
  const { after } = opts;
  // Most points first is ascending -points: one row comparison on comments_top_points_idx.
  const rank = opts.order === 'createdAt' ? sql`` : sql`-c.points, `;
  const afterRank = opts.order === 'createdAt' || !after ? sql`` : sql`${-after.points}::int, `;
  const keyset = after
    ? sql`AND (${rank}c.created_at, c.id) > (${afterRank}${after.createdAt}::timestamptz, ${after.id})`
    : sql``;
  const { rows } = await sql<{ id: number; points: number; created_key: string }>`
    SELECT c.id, c.points, ${timestampText('c.created_at')} AS created_key
    FROM comments c
    WHERE c.post_id = ${opts.postId} AND c.parent_id IS NULL
      AND (c.deleted_at IS NULL OR (
        SELECT true FROM comments r
        WHERE r.post_id = c.post_id AND r.root_id = c.id AND r.deleted_at IS NULL LIMIT 1))
      ${keyset}
    ORDER BY ${rank}c.created_at, c.id
    LIMIT ${opts.limit}
  `.execute(conn);
  return rows.map((r) => ({ id: r.id, points: r.points, createdAt: r.created_key }));
}

/**
 * Every comment (deleted ones included, as the tree needs them) of the threads `rootIds` of a post,
 * plus the thread of `focusCommentId` when that is a comment of the same post, each with whether
 * `viewerId` upvoted it (`has_voted`; always false for null).
 */
export async function listThreadComments(
  conn: Conn,
  opts: { postId: number; rootIds: number[]; focusCommentId: number | null; viewerId: number | null },
): Promise<(CommentRow & { root_id: number; has_voted: boolean })[]> {
  const { postId, rootIds, focusCommentId } = opts;
  if (rootIds.length === 0 && focusCommentId === null) return [];
  return commentRows(conn)
    .select(['comments.root_id', selectHasVoted('comment', opts.viewerId, 'comments.id')])
    .where('comments.post_id', '=', postId)
    .where((eb) =>
      eb.or([
        ...(rootIds.length > 0 ? [eb('comments.root_id', 'in', rootIds)] : []),
        ...(focusCommentId === null
          ? []
          : [
              eb(
                'comments.root_id',
                '=',
                eb
                  .selectFrom('comments as focus')
                  .select('focus.root_id')
                  .where('focus.id', '=', focusCommentId)
                  .where('focus.post_id', '=', postId),
              ),
            ]),
      ]),
    )
    .execute();
}

export const findCommentRow = (conn: Conn, id: number): Promise<CommentRow | undefined> =>
  commentRows(conn).where('comments.id', '=', id).executeTakeFirst();

/** The wire shape: a deleted comment keeps its place but not its text; the reason is for its author and moderators. */
export function toComment(row: CommentRow, depth: number, viewer: Viewer, hasUpvoted: boolean): Comment {
  const mayReadReason = viewer.isModerator || viewer.profileId === row.author_id;
  return {
    id: row.id,
    postId: row.post_id,
    parentId: row.parent_id,
    depth,
    content: row.deleted_at ? '' : row.content,
    author: toProfileSummary(row.author),
    points: row.points,
    hasUpvoted,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    deletedAt: row.deleted_at?.toISOString() ?? null,
    deleteReason: row.deleted_at && mayReadReason ? row.delete_reason : null,
    mentions: row.deleted_at ? [] : row.mentions,
  };
}
