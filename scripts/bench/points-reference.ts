import { sql } from 'kysely';
import type { Db } from '../../functions/src/lib/db.ts';
import { type Captured, explain, type PlanSummary } from './explain.ts';

/**
 * The points-ordered listPosts key query as it was before the index-friendly rewrite in
 * posts.repo.ts listTopPostKeys: the snapshot rank written out directly (live points minus the
 * votes cast or undone since `asOf`) over every listed post, then sorted. It reads all posts, so
 * the handler no longer runs it; the benchmark does, as the reference the handler's pages must
 * equal (at both sizes, and after votes since the cursor's moment) and to show the cost it had.
 * Written out on purpose, not built from posts.repo.ts (pointsDeltaSince): an oracle that shares the
 * handler's SQL agrees with whatever that SQL becomes, so a wrong change to the delta would pass.
 */

interface PointsCursor {
  a: string;
  p: number;
  c: string;
  i: number;
}

function decodePointsCursor(cursor: string): PointsCursor {
  return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as PointsCursor;
}

function query(db: Db, cursor: PointsCursor | null, topicId: number | null, limit: number) {
  const topic =
    topicId === null
      ? sql``
      : sql`AND EXISTS (SELECT 1 FROM post_topics pt WHERE pt.post_id = p.id AND pt.topic_id = ${topicId})`;
  const asOf = cursor === null ? sql`statement_timestamp()` : sql`${cursor.a}::timestamptz`;
  const after =
    cursor === null
      ? sql``
      : sql`WHERE (rank_points, created_at, id) < (${cursor.p}, ${cursor.c}::timestamptz, ${cursor.i})`;
  return sql<{ id: number }>`
    WITH delta AS (
      SELECT post_id, sum(d)::int AS d FROM (
        SELECT post_id, 1 AS d FROM post_votes WHERE created_at > ${asOf}
        UNION ALL
        SELECT post_id, -1 AS d FROM post_vote_removals
        WHERE removed_at > ${asOf} AND vote_created_at <= ${asOf}
      ) changes GROUP BY post_id
    ), ranked AS (
      SELECT p.id, p.created_at, p.points - coalesce(delta.d, 0) AS rank_points
      FROM posts p LEFT JOIN delta ON delta.post_id = p.id
      WHERE p.deleted_at IS NULL AND p.pinned_at IS NULL AND p.created_at <= ${asOf} ${topic}
    )
    SELECT id FROM ranked ${after}
    ORDER BY rank_points DESC, created_at DESC, id DESC
    LIMIT ${limit}
  `.compile(db);
}

/** The reference page ids and plan for the page that `cursor` (null: the first) opens. */
export async function explainPointsReference(
  db: Db,
  opts: { cursor: string | null; topicId: number | null; limit: number },
): Promise<{ ids: number[]; plan: PlanSummary }> {
  const cursor = opts.cursor === null ? null : decodePointsCursor(opts.cursor);
  const compiled = query(db, cursor, opts.topicId, opts.limit);
  const { rows } = await db.executeQuery<{ id: number }>(compiled);
  const captured: Captured = { sql: compiled.sql, parameters: compiled.parameters };
  return { ids: rows.map((r) => r.id), plan: await explain(db, captured) };
}
