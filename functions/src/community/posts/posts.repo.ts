import type { Post } from '@kring/contract';
import { type RawBuilder, sql } from 'kysely';
import { type Conn, timestampText } from '../../lib/db.ts';
import { publicFileUrl } from '../../lib/firebase.ts';
import { selectPostMentions } from '../mentions/mentions.repo.ts';
import { selectAuthorSummary, toProfileSummary } from '../profiles/profiles.repo.ts';
import { type Removal, softDelete } from '../shared/soft-delete.repo.ts';
import type { Viewer } from '../shared/viewer.ts';
import { selectHasVoted } from '../votes/votes.repo.ts';

/**
 * The only code that runs SQL on posts, post_topics and post_images. The points listing also reads
 * the vote tables, because its ranking key is computed from them in the same query.
 */

/** Pinned posts shown above the first page; moderators pin a few, this caps a forgotten pile. */
export const PINNED_MAX = 10;

/**
 * The rest of a newest-first list (ORDER BY created_at DESC, id DESC) after the keyset `after`:
 * `AND (alias.created_at, alias.id) < (…)`, nothing on the first page.
 */
export const olderThan = (alias: string, after: { createdAt: string; id: number } | null) =>
  after
    ? sql`AND (${sql.ref(`${alias}.created_at`)}, ${sql.ref(`${alias}.id`)}) < (${after.createdAt}::timestamptz, ${after.id})`
    : sql``;

export interface PostState {
  id: number;
  author_id: number;
  title: string;
  article_slug: string | null;
  pinned_at: Date | null;
  deleted_at: Date | null;
}

/**
 * The fields ownership and state checks need. `lock` holds the row until the transaction ends, as
 * NO KEY UPDATE: comments and votes being added (which key-share the row) neither wait nor deadlock.
 */
export async function findPostState(conn: Conn, id: number, lock = false): Promise<PostState | undefined> {
  let query = conn
    .selectFrom('posts')
    .select(['id', 'author_id', 'title', 'article_slug', 'pinned_at', 'deleted_at'])
    .where('id', '=', id);
  if (lock) query = query.forNoKeyUpdate();
  return query.executeTakeFirst();
}

export async function insertPost(
  conn: Conn,
  fields: { authorId: number; title: string; content: string; articleSlug: string | null },
): Promise<number> {
  const { id } = await conn
    .insertInto('posts')
    .values({
      author_id: fields.authorId,
      title: fields.title,
      content: fields.content,
      article_slug: fields.articleSlug,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updatePostFields(
  conn: Conn,
  id: number,
  fields: { title: string; content: string; articleSlug: string | null },
): Promise<void> {
  await conn
    .updateTable('posts')
    .set({
      title: fields.title,
      content: fields.content,
      article_slug: fields.articleSlug,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** Soft delete (see softDelete); false when it was already deleted. */
export const softDeletePost = (conn: Conn, id: number, removal: Removal): Promise<boolean> =>
  softDelete(conn, 'posts', id, removal);

/** Pins or unpins; false when the post already was in that state. */
export async function setPinned(conn: Conn, id: number, pinned: boolean): Promise<boolean> {
  const result = await conn
    .updateTable('posts')
    .set({ pinned_at: pinned ? sql<Date>`now()` : null })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where('pinned_at', pinned ? 'is' : 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function adjustCommentCount(conn: Conn, postId: number, delta: number): Promise<void> {
  await conn
    .updateTable('posts')
    .set((eb) => ({ comment_count: eb('comment_count', '+', delta) }))
    .where('id', '=', postId)
    .execute();
}

export async function postTopicIds(conn: Conn, postId: number): Promise<number[]> {
  const rows = await conn
    .selectFrom('post_topics')
    .select('topic_id')
    .where('post_id', '=', postId)
    .execute();
  return rows.map((r) => r.topic_id);
}

export async function addPostTopics(conn: Conn, postId: number, topicIds: number[]): Promise<void> {
  if (topicIds.length === 0) return;
  await conn
    .insertInto('post_topics')
    .values(topicIds.map((topic_id) => ({ post_id: postId, topic_id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function removePostTopics(conn: Conn, postId: number, topicIds: number[]): Promise<void> {
  if (topicIds.length === 0) return;
  await conn
    .deleteFrom('post_topics')
    .where('post_id', '=', postId)
    .where('topic_id', 'in', topicIds)
    .execute();
}

export async function postImageRefs(conn: Conn, postId: number): Promise<string[]> {
  const rows = await conn
    .selectFrom('post_images')
    .select('ref')
    .where('post_id', '=', postId)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.ref);
}

/** Appends images after the existing ones, in the given order; a ref already on the post is kept once. */
export async function addPostImages(conn: Conn, postId: number, refs: string[]): Promise<void> {
  if (refs.length === 0) return;
  await sql`
    INSERT INTO post_images (post_id, ref, position)
    SELECT ${postId}, r.ref, coalesce((SELECT max(position) FROM post_images WHERE post_id = ${postId}), -1) + r.n
    FROM unnest(${refs}::text[]) WITH ORDINALITY AS r (ref, n)
    ON CONFLICT (post_id, ref) DO NOTHING
  `.execute(conn);
}

export async function removePostImages(conn: Conn, postId: number, refs: string[]): Promise<void> {
  if (refs.length === 0) return;
  await conn.deleteFrom('post_images').where('post_id', '=', postId).where('ref', 'in', refs).execute();
}

/**
 * Renumbers a post's images 0..n-1 in their current order. Appending uses max(position)+n, so without
 * this a post whose images keep changing would walk the smallint position up to its limit.
 */
export async function renumberPostImages(conn: Conn, postId: number): Promise<void> {
  await sql`
    UPDATE post_images pi SET position = r.rn - 1
    FROM (
      SELECT ref, row_number() OVER (ORDER BY position, ref) AS rn FROM post_images WHERE post_id = ${postId}
    ) r
    WHERE pi.post_id = ${postId} AND pi.ref = r.ref AND pi.position <> r.rn - 1
  `.execute(conn);
}

/** Those of `refs` that no post (deleted or not) still shows: their files may go from Storage. */
export async function unusedImageRefs(conn: Conn, refs: string[]): Promise<string[]> {
  if (refs.length === 0) return [];
  const used = await conn.selectFrom('post_images').select('ref').where('ref', 'in', refs).execute();
  const stillUsed = new Set(used.map((r) => r.ref));
  return [...new Set(refs)].filter((ref) => !stillUsed.has(ref));
}

/** A select column `topics`: the post's topics by name, as JSON. */
const selectTopics = () =>
  sql<{ id: number; name: string; slug: string }[]>`(
    SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'slug', t.slug) ORDER BY t.name), '[]')
    FROM post_topics pt JOIN topics t ON t.id = pt.topic_id WHERE pt.post_id = posts.id)`.as('topics');

/** A select column `images`: the refs of the post's images in their order, as JSON. */
const selectImages = () =>
  sql<string[]>`(
    SELECT coalesce(json_agg(pi.ref ORDER BY pi.position), '[]')
    FROM post_images pi WHERE pi.post_id = posts.id)`.as('images');

/**
 * Full posts as the wire shows them, in the order of `ids` (missing ids are left out). One statement
 * whatever the number of posts: the posts with their authors, mentions, topics, images and whether
 * the viewer upvoted them (docs/benchmarks.md, issue 26: a read's cost is mostly per statement).
 */
export async function loadPostViews(conn: Conn, ids: number[], viewer: Viewer): Promise<Post[]> {
  if (ids.length === 0) return [];
  const rows = await conn
    .selectFrom('posts')
    .select([
      'posts.id',
      'posts.author_id',
      'posts.title',
      'posts.content',
      'posts.article_slug',
      'posts.points',
      'posts.comment_count',
      'posts.pinned_at',
      'posts.deleted_at',
      'posts.delete_reason',
      'posts.created_at',
      'posts.updated_at',
      selectAuthorSummary('posts.author_id', 'author'),
      selectPostMentions(),
      selectTopics(),
      selectImages(),
      selectHasVoted('post', viewer.profileId, 'posts.id'),
    ])
    .where('posts.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const mayReadReason = viewer.isModerator || viewer.profileId === row.author_id;
    const post: Post = {
      id: row.id,
      title: row.title,
      content: row.deleted_at ? '' : row.content,
      topics: row.topics,
      images: row.images.map((ref) => ({ ref, url: publicFileUrl(ref) })),
      author: toProfileSummary(row.author),
      articleSlug: row.article_slug,
      points: row.points,
      commentCount: row.comment_count,
      hasUpvoted: row.has_voted,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      deletedAt: row.deleted_at?.toISOString() ?? null,
      pinnedAt: row.pinned_at?.toISOString() ?? null,
      deleteReason: row.deleted_at && mayReadReason ? row.delete_reason : null,
      mentions: row.deleted_at ? [] : row.mentions,
    };
    return [post];
  });
}

/** What narrows a listing: posts of one topic, posts about one article, or both. */
export interface PostFilter {
  topicId: number | null;
  articleSlug: string | null;
}

const listFilter = ({ topicId, articleSlug }: PostFilter) => sql`
  ${topicId === null ? sql`` : sql`AND EXISTS (SELECT 1 FROM post_topics pt WHERE pt.post_id = p.id AND pt.topic_id = ${topicId})`}
  ${articleSlug === null ? sql`` : sql`AND p.article_slug = ${articleSlug}`}`;

/** Pinned, not deleted posts (narrowed by `filter`), most recently pinned first. */
export async function listPinnedPostIds(conn: Conn, filter: PostFilter): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    SELECT p.id FROM posts p
    WHERE p.pinned_at IS NOT NULL AND p.deleted_at IS NULL ${listFilter(filter)}
    ORDER BY p.pinned_at DESC, p.id DESC
    LIMIT ${PINNED_MAX}
  `.execute(conn);
  return rows.map((r) => r.id);
}

export interface NewestKey {
  createdAt: string;
  id: number;
}

/** One page of not pinned, not deleted posts (narrowed by `filter`), newest first, after `after` (keyset on created_at, id). */
export async function listNewestPostKeys(
  conn: Conn,
  opts: { filter: PostFilter; after: NewestKey | null; limit: number },
): Promise<NewestKey[]> {
  const after = olderThan('p', opts.after);
  const { rows } = await sql<{ id: number; created_key: string }>`
    SELECT p.id, ${timestampText('p.created_at')} AS created_key FROM posts p
    WHERE p.deleted_at IS NULL AND p.pinned_at IS NULL ${listFilter(opts.filter)} ${after}
    ORDER BY p.created_at DESC, p.id DESC
    LIMIT ${opts.limit}
  `.execute(conn);
  return rows.map((r) => ({ createdAt: r.created_key, id: r.id }));
}

export interface PointsKey {
  /** The moment the listing's first page was read; every page ranks by the points at that moment. */
  asOf: string;
  points: number;
  createdAt: string;
  id: number;
}

/**
 * Per post voted on or un-voted since `asOf`: the points it gained since (votes cast minus votes
 * undone, counting only undone votes cast by then), so live points minus `d` are its points at `asOf`.
 * scripts/bench/points-reference.ts keeps its own copy, the benchmark's independent reference.
 */
const pointsDeltaSince = (asOf: RawBuilder<unknown>) => sql<{ post_id: number; d: number }>`
  SELECT post_id, sum(d)::int AS d FROM (
    SELECT post_id, 1 AS d FROM post_votes WHERE created_at > ${asOf}
    UNION ALL
    SELECT post_id, -1 AS d FROM post_vote_removals
    WHERE removed_at > ${asOf} AND vote_created_at <= ${asOf}
  ) changes GROUP BY post_id`;

/**
 * One page of not pinned, not deleted posts by points (then newest), ranked by the points each post
 * had at `asOf`: live points minus votes cast since, plus votes undone since. Posts created after
 * `asOf` are not part of this listing. The first page (asOf null) reads the points as they are now
 * and hands out that moment.
 *
 * The rank is split so an index gives the order: a post nobody voted on since `asOf` ranks by its
 * live points, so a keyset range scan of posts_points_idx finds the first `limit` of those; the few
 * posts in `delta` (voted on since `asOf`) get their computed rank and are merged in. Every post is
 * in exactly one branch, and the best `limit` of all are among the best `limit` of each, so the page
 * is the one the single computed rank gives. A page reads `limit` + |delta| posts whatever the size
 * of the table (docs/benchmarks.md, finding 1).
 */
export async function listTopPostKeys(
  conn: Conn,
  opts: { filter: PostFilter; asOf: string | null; after: Omit<PointsKey, 'asOf'> | null; limit: number },
): Promise<PointsKey[]> {
  const asOf = opts.asOf === null ? sql`statement_timestamp()` : sql`${opts.asOf}::timestamptz`;
  const { after } = opts;
  // The same keyset in both branches, on each branch's own rank expression.
  const afterKey = (rank: RawBuilder<number>) =>
    after
      ? sql`AND (${rank}, p.created_at, p.id) < (${after.points}, ${after.createdAt}::timestamptz, ${after.id})`
      : sql``;
  const listed = sql`p.deleted_at IS NULL AND p.pinned_at IS NULL AND p.created_at <= ${asOf} ${listFilter(opts.filter)}`;
  const { rows } = await sql<{ id: number; rank_points: number; created_key: string; as_of: string }>`
    WITH delta AS (${pointsDeltaSince(asOf)}), ranked AS (
      (SELECT p.id, p.created_at, p.points AS rank_points FROM posts p
       WHERE ${listed} AND NOT EXISTS (SELECT 1 FROM delta WHERE delta.post_id = p.id)
         ${afterKey(sql<number>`p.points`)}
       ORDER BY p.points DESC, p.created_at DESC, p.id DESC
       LIMIT ${opts.limit})
      UNION ALL
      SELECT p.id, p.created_at, p.points - delta.d FROM delta JOIN posts p ON p.id = delta.post_id
      WHERE ${listed} ${afterKey(sql<number>`p.points - delta.d`)}
    )
    SELECT id, rank_points, ${timestampText('created_at')} AS created_key,
      ${timestampText(asOf)} AS as_of
    FROM ranked
    ORDER BY rank_points DESC, created_at DESC, id DESC
    LIMIT ${opts.limit}
  `.execute(conn);
  return rows.map((r) => ({ asOf: r.as_of, points: r.rank_points, createdAt: r.created_key, id: r.id }));
}
