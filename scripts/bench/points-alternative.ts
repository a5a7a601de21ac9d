import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../functions/src/lib/db.ts';
import { type Captured, explain, type PlanSummary } from './explain.ts';

/**
 * A rewrite of the points-ordered listPosts key query (posts.repo.ts listTopPostKeys) that keeps its
 * meaning — rank by the points each post had at `asOf` — but lets posts_points_idx do the work:
 * posts whose points did not move since `asOf` rank by their live points, which the index has in
 * order, so a keyset range scan of `limit` rows finds them; the few posts voted on since `asOf` are
 * ranked by computation and merged in. Cost: limit + posts voted since asOf, not all posts.
 *
 * Only the benchmark runs it (to show the plan and that it returns the same page); the handler's
 * query is the other helpers' to change.
 */

interface PointsCursor {
  a: string;
  p: number;
  c: string;
  i: number;
}

export function decodePointsCursor(cursor: string): PointsCursor {
  return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as PointsCursor;
}

function query(db: Db, cursor: PointsCursor | null, limit: number) {
  const asOf = cursor === null ? sql`statement_timestamp()` : sql`${cursor.a}::timestamptz`;
  const after = (points: RawBuilder<unknown>) =>
    cursor === null
      ? sql``
      : sql`AND (${points}, p.created_at, p.id) < (${cursor.p}, ${cursor.c}::timestamptz, ${cursor.i})`;
  return sql<{ id: number }>`
    WITH delta AS (
      SELECT post_id, sum(d)::int AS d FROM (
        SELECT post_id, 1 AS d FROM post_votes WHERE created_at > ${asOf}
        UNION ALL
        SELECT post_id, -1 AS d FROM post_vote_removals
        WHERE removed_at > ${asOf} AND vote_created_at <= ${asOf}
      ) changes GROUP BY post_id
    ), ranked AS (
      (SELECT p.id, p.created_at, p.points AS rank_points FROM posts p
       WHERE p.deleted_at IS NULL AND p.pinned_at IS NULL AND p.created_at <= ${asOf}
         AND NOT EXISTS (SELECT 1 FROM delta WHERE delta.post_id = p.id) ${after(sql`p.points`)}
       ORDER BY p.points DESC, p.created_at DESC, p.id DESC
       LIMIT ${limit})
      UNION ALL
      SELECT p.id, p.created_at, p.points - delta.d FROM delta JOIN posts p ON p.id = delta.post_id
      WHERE p.deleted_at IS NULL AND p.pinned_at IS NULL AND p.created_at <= ${asOf}
        ${after(sql`p.points - delta.d`)}
    )
    SELECT id FROM ranked ORDER BY rank_points DESC, created_at DESC, id DESC LIMIT ${limit}
  `.compile(db);
}

/** The alternative's page ids and its plan, for the page that `cursor` (null: the first) opens. */
export async function explainPointsAlternative(
  db: Db,
  cursor: string | null,
  limit: number,
): Promise<{ ids: number[]; plan: PlanSummary }> {
  const compiled = query(db, cursor === null ? null : decodePointsCursor(cursor), limit);
  const { rows } = await db.executeQuery<{ id: number }>(compiled);
  const captured: Captured = { sql: compiled.sql, parameters: compiled.parameters };
  return { ids: rows.map((r) => r.id), plan: await explain(db, captured) };
}
