import type { Topic } from '@kring/contract';
import { sql } from 'kysely';
import type { Conn } from '../../lib/db.ts';

/** The only code that runs SQL on topics. */

export const TRENDING_DAYS = 7;
export const TRENDING_MAX = 10;

const topicColumns = ['id', 'name', 'slug', 'post_count', 'created_at', 'updated_at'] as const;

interface TopicRow {
  id: number;
  name: string;
  slug: string;
  post_count: number;
  created_at: Date;
  updated_at: Date;
}

const toTopic = (row: TopicRow): Topic => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  postCount: row.post_count,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

export async function listAllTopics(conn: Conn): Promise<Topic[]> {
  const rows = await conn.selectFrom('topics').select(topicColumns).orderBy('name').orderBy('id').execute();
  return rows.map(toTopic);
}

/** The ids among `ids` that name a topic. */
export async function existingTopicIds(conn: Conn, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await conn.selectFrom('topics').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * post_count counts the topic's posts that are not deleted. The rows are locked in id order first,
 * so two posts changing the same topics in opposite directions cannot deadlock. NO KEY UPDATE, the
 * lock the UPDATE takes anyway: FOR UPDATE would wait on the key-share locks that inserting
 * post_topics rows holds, and two new posts of one topic would deadlock.
 */
export async function adjustPostCounts(conn: Conn, changes: Map<number, number>): Promise<void> {
  const ids = [...changes].filter(([, delta]) => delta !== 0).map(([id]) => id);
  if (ids.length === 0) return;
  await conn
    .selectFrom('topics')
    .select('id')
    .where('id', 'in', ids)
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
  await sql`
    UPDATE topics SET post_count = post_count + d.delta
    FROM unnest(${ids}::int[], ${ids.map((id) => changes.get(id)!)}::int[]) AS d (id, delta)
    WHERE topics.id = d.id
  `.execute(conn);
}

/** The same change for every topic in `ids`. */
export const sameChange = (ids: number[], delta: number) => new Map(ids.map((id) => [id, delta]));

/**
 * Topics by activity in the last 7 days: posts created with the topic, comments on those posts and
 * upvotes on them and on their comments, each counted once; deleted posts and comments do not count.
 * Only topics with some activity, at most 10, ties by name.
 */
export async function listTrending(conn: Conn): Promise<(Topic & { activity: number })[]> {
  const since = sql`now() - make_interval(days => ${TRENDING_DAYS})`;
  const { rows } = await sql<TopicRow & { activity: number }>`
    WITH live_posts AS (
      SELECT pt.topic_id, p.id AS post_id, p.created_at
      FROM post_topics pt JOIN posts p ON p.id = pt.post_id
      WHERE p.deleted_at IS NULL
    ), activity AS (
      SELECT lp.topic_id, 1 AS n FROM live_posts lp WHERE lp.created_at >= ${since}
      UNION ALL
      SELECT lp.topic_id, 1 FROM live_posts lp
        JOIN comments c ON c.post_id = lp.post_id
        WHERE c.created_at >= ${since} AND c.deleted_at IS NULL
      UNION ALL
      SELECT lp.topic_id, 1 FROM live_posts lp
        JOIN post_votes v ON v.post_id = lp.post_id
        WHERE v.created_at >= ${since}
      UNION ALL
      SELECT lp.topic_id, 1 FROM live_posts lp
        JOIN comments c ON c.post_id = lp.post_id AND c.deleted_at IS NULL
        JOIN comment_votes cv ON cv.comment_id = c.id
        WHERE cv.created_at >= ${since}
    )
    SELECT t.id, t.name, t.slug, t.post_count, t.created_at, t.updated_at, sum(a.n)::int AS activity
    FROM activity a JOIN topics t ON t.id = a.topic_id
    GROUP BY t.id
    ORDER BY activity DESC, t.name, t.id
    LIMIT ${TRENDING_MAX}
  `.execute(conn);
  return rows.map((r) => ({ ...toTopic(r), activity: r.activity }));
}

export interface PostCountKey {
  postCount: number;
  id: number;
}

/** Topics by post_count (most first), then id; keyset after `after`. */
export async function listByPostCount(
  conn: Conn,
  opts: { after: PostCountKey | null; limit: number },
): Promise<Topic[]> {
  let query = conn.selectFrom('topics').select(topicColumns);
  const after = opts.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('post_count', '<', after.postCount),
        eb.and([eb('post_count', '=', after.postCount), eb('id', '>', after.id)]),
      ]),
    );
  }
  const rows = await query.orderBy('post_count', 'desc').orderBy('id').limit(opts.limit).execute();
  return rows.map(toTopic);
}
