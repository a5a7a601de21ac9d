import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../functions/src/lib/db.ts';

/**
 * Bulk seeding for the community benchmark: set-based SQL only (generate_series, INSERT … SELECT),
 * explicit ids so that trees and threads can be computed, counters recomputed from the rows.
 * Everything is deterministic: pseudo-random values come from a multiplicative hash of the row number.
 */

export interface SeedShape {
  members: number;
  /** Posts and comments the database ends with (the second phase grows to these). */
  posts: number;
  comments: number;
  /** The post with exactly `hotComments` comments in a tree (getPost is measured on it). */
  hotPostId: number;
  hotComments: number;
  /** The post with exactly `bigComments` comments in `bigThreads` threads (getPost's comment pages). */
  bigPostId: number;
  bigComments: number;
  bigThreads: number;
  /** The viewer (profile 1) has this many threads; the first has `longThreadMessages` messages. */
  viewerThreads: number;
  longThreadMessages: number;
  /** Everyone else chats too, so the messages table is not just the viewer's. */
  backgroundThreadsPerMember: number;
  messagesPerThread: number;
}

/** The benchmarks' data set at the given sizes (docs/benchmarks.md); `overrides` changes other parts. */
export const benchShape = (
  sizes: Pick<SeedShape, 'members' | 'posts' | 'comments'>,
  overrides: Partial<SeedShape> = {},
): SeedShape => ({
  ...sizes,
  hotPostId: 500,
  hotComments: 200,
  bigPostId: 600,
  bigComments: 5000,
  bigThreads: 1000,
  viewerThreads: 50,
  longThreadMessages: 2000,
  backgroundThreadsPerMember: 5,
  messagesPerThread: 20,
  ...overrides,
});

export const viewerProfileId = 1;
export const longThreadId = `${viewerProfileId}x2`;
const topicNames = [
  'Zorg en welzijn',
  'Onderwijs',
  'Wonen',
  'Klimaat',
  'Werk en inkomen',
  'Vragen aan de community',
  'Gezondheid',
  'Mobiliteit',
  'Cultuur',
  'Sport',
  'Techniek',
  'Geld',
  'Archief',
];
/** Posts get one or two of the first 12 topics; the last one is rare: 1 post in 1,000. */
const commonTopics = 12;
export const rareTopicId = 13;
const pinnedPostIds = [10, 20];
/** 1 post in 100 is about an article, spread over this many articles (1 post each at 1,000 posts, 50 at 100,000). */
const articles = 20;
export const benchArticleSlug = 'artikel-5';

/** A fraction in [0, 1) from a row number and a salt (Weyl-style hash; good enough to spread values). */
const u = (column: string, salt: number): RawBuilder<number> =>
  sql<number>`((((${sql.ref(column)})::bigint * 2654435761 + ${salt * 40503}) % 4294967296)::float8 / 4294967296)`;

/** Timestamps: post i is created at start + i * step, so time follows ids as it does in production. */
export interface Clock {
  start: Date;
  stepSeconds: number;
}

export function clockFor(shape: SeedShape, now = Date.now()): Clock {
  const span = 2 * 365 * 24 * 3600;
  return { start: new Date(now - 24 * 3600 * 1000 - span * 1000), stepSeconds: span / shape.posts };
}

/** The creation time of the post whose id `id` (a column or a number) names. */
const postTime = (clock: Clock, id: string | number) =>
  sql`(${clock.start.toISOString()}::timestamptz + (${typeof id === 'string' ? sql.ref(id) : id})::float8 * ${clock.stepSeconds}::float8 * interval '1 second')`;

/** Members 2..n (profile 1 is the viewer, whose account the caller created with the emulator uid). */
export async function seedMembers(db: Db, shape: SeedShape, viewerUid: string, clock: Clock): Promise<void> {
  await sql`
    INSERT INTO accounts (uid, email, role, created_at)
    SELECT 'bench-' || lpad(g::text, 6, '0'), 'lid' || g || '@kring.test', 1,
      ${clock.start.toISOString()}::timestamptz - (g || ' hours')::interval
    FROM generate_series(2, ${shape.members}::int) g
  `.execute(db);
  await sql`
    INSERT INTO profiles (id, uid, name, occupation, bio, created_at)
    SELECT g, CASE WHEN g = 1 THEN ${viewerUid} ELSE 'bench-' || lpad(g::text, 6, '0') END,
      CASE WHEN g = 1 THEN 'bench_lezer' ELSE 'lid_' || lpad(g::text, 6, '0') END,
      'Onderzoeker', 'Lid van Kring sinds het begin.',
      ${clock.start.toISOString()}::timestamptz - (g || ' hours')::interval
    FROM generate_series(1, ${shape.members}::int) g
  `.execute(db);
  await sql`SELECT setval('profiles_id_seq', ${shape.members})`.execute(db);
  await sql`
    INSERT INTO topics (id, name, slug)
    SELECT n, name, lower(replace(name, ' ', '-')) FROM unnest(${topicNames}::text[]) WITH ORDINALITY AS t (name, n)
  `.execute(db);
  await sql`SELECT setval('topics_id_seq', ${topicNames.length})`.execute(db);
}

/**
 * Posts with ids in [from, to], their topics, votes (one per point, never by the author) and their
 * comments (`commentsForRange` of them, about the same number per post; the hot post gets its own
 * tree of exactly `hotComments`). About 1% of posts and 2% of comments are soft-deleted.
 */
export async function seedPosts(
  db: Db,
  shape: SeedShape,
  clock: Clock,
  range: { from: number; to: number; firstCommentId: number; comments: number },
): Promise<{ votes: number; comments: number }> {
  const { from, to } = range;
  const members = shape.members;
  const created = postTime(clock, 'g');
  // Points: mostly a few, a long tail up to 300 (always fewer than the members, so voters are distinct).
  await sql`
    INSERT INTO posts (id, author_id, title, content, points, created_at, updated_at,
      deleted_at, deleted_by, delete_reason, pinned_at, article_slug)
    SELECT g, 1 + (g * 7919) % ${members},
      'Bericht ' || g || ': wat vinden jullie hiervan?',
      repeat('Een alinea tekst over het onderwerp van vandaag. ', (3 + g % 20)::int),
      floor(power(${u('g', 1)}, 12) * 300)::int,
      ${created}, ${created},
      CASE WHEN g % 97 = 0 THEN ${created} + interval '1 hour' END,
      CASE WHEN g % 97 = 0 THEN 'bench-000002' END,
      CASE WHEN g % 97 = 0 THEN 'Buiten het onderwerp' END,
      CASE WHEN g = ANY(${pinnedPostIds}::bigint[]) THEN now() - (g || ' minutes')::interval END,
      CASE WHEN g % 100 = 11 THEN 'artikel-' || (g / 100) % ${articles} END
    FROM generate_series(${from}::bigint, ${to}::bigint) g
  `.execute(db);
  await sql`
    INSERT INTO post_topics (post_id, topic_id)
    SELECT g, 1 + g % ${commonTopics} FROM generate_series(${from}::bigint, ${to}::bigint) g
    UNION ALL
    SELECT g, 1 + (g / 3 * 5) % ${commonTopics} FROM generate_series(${from}::bigint, ${to}::bigint) g
    WHERE g % 3 = 0 AND (g / 3 * 5) % ${commonTopics} <> g % ${commonTopics}
    UNION ALL
    SELECT g, ${rareTopicId} FROM generate_series(${from}::bigint, ${to}::bigint) g WHERE g % 1000 = 7
  `.execute(db);
  const votes = await sql`
    INSERT INTO post_votes (post_id, profile_id, created_at)
    SELECT p.id, 1 + (p.author_id + k) % ${members}, p.created_at + k * interval '1 minute'
    FROM posts p CROSS JOIN LATERAL generate_series(0, p.points - 1) k
    WHERE p.id BETWEEN ${from} AND ${to}
  `.execute(db);

  let next = range.firstCommentId;
  const inRange = (id: number) => id >= from && id <= to;
  const special: number[] = [];
  let specialComments = 0;
  if (inRange(shape.hotPostId)) {
    await seedHotPost(db, shape, clock, next);
    next += shape.hotComments;
    special.push(shape.hotPostId);
    specialComments += shape.hotComments;
  }
  if (inRange(shape.bigPostId)) {
    await seedBigPost(db, shape, clock, next);
    next += shape.bigComments;
    special.push(shape.bigPostId);
    specialComments += shape.bigComments;
  }
  const generic = range.comments - specialComments;
  const postsHere = to - from + 1 - special.length;
  if (generic > 0) {
    // Comment j (0-based) goes to the idx-th post of the range (skipping the hot and big posts):
    // contiguous blocks, so "the previous comment is in the same post" is arithmetic and odd ones
    // reply to it.
    const idx = sql`floor(j::numeric * ${postsHere} / ${generic})::bigint`;
    const prevIdx = sql`floor((j - 1)::numeric * ${postsHere} / ${generic})::bigint`;
    let postId = sql`(${from} + ${idx})`;
    for (const skipped of special.sort((a, b) => a - b)) {
      postId = sql`(${postId} + CASE WHEN ${postId} >= ${skipped} THEN 1 ELSE 0 END)`;
    }
    const firstOfPost = sql`ceil(${idx}::numeric * ${generic} / ${postsHere})::bigint`;
    const isReply = sql`j % 2 = 1 AND ${prevIdx} = ${idx}`;
    await sql`
      INSERT INTO comments (id, post_id, parent_id, root_id, author_id, content, points, created_at,
        updated_at, deleted_at, deleted_by)
      SELECT ${next} + j, pid,
        CASE WHEN ${isReply} THEN ${next} + j - 1 END,
        CASE WHEN ${isReply} THEN ${next} + j - 1 ELSE ${next} + j END,
        1 + (j * 104729) % ${members},
        'Reactie ' || j || ': ' || repeat('daar ben ik het mee eens. ', (1 + j % 8)::int),
        0, at, at,
        CASE WHEN j % 53 = 0 THEN at + interval '1 hour' END,
        CASE WHEN j % 53 = 0 THEN 'bench-' || lpad((1 + (j * 104729) % ${members})::text, 6, '0') END
      FROM generate_series(0::bigint, ${generic - 1}::bigint) j
      CROSS JOIN LATERAL (SELECT ${postId} AS pid) p
      CROSS JOIN LATERAL (SELECT ${postTime(clock, 'pid')} + (j - ${firstOfPost} + 1) * interval '7 minutes' AS at) t
    `.execute(db);
    next += generic;
  }
  await sql`SELECT setval('posts_id_seq', (SELECT max(id) FROM posts))`.execute(db);
  await sql`SELECT setval('comments_id_seq', (SELECT max(id) FROM comments))`.execute(db);
  await recomputeCounters(db, from, to);
  return { votes: Number(votes.numAffectedRows ?? 0n), comments: next - range.firstCommentId };
}

/**
 * The getPost subject: 40 top-level comments, then replies (comment i answers comment i/2), so the
 * tree is four levels deep; comments have points with matching votes.
 */
async function seedHotPost(db: Db, shape: SeedShape, clock: Clock, first: number): Promise<void> {
  const members = shape.members;
  await sql`
    INSERT INTO comments (id, post_id, parent_id, author_id, content, points, created_at, updated_at)
    SELECT ${first} + i, ${shape.hotPostId},
      CASE WHEN i >= 40 THEN ${first} + i / 2 END,
      1 + (i * 104729) % ${members},
      'Reactie ' || i || ' in de lange discussie: ' || repeat('goed punt, en verder… ', (1 + i % 6)::int),
      floor(power(${u('i', 7)}, 2) * 20)::int,
      ${postTime(clock, shape.hotPostId)} + i * interval '3 minutes',
      ${postTime(clock, shape.hotPostId)} + i * interval '3 minutes'
    FROM generate_series(0::bigint, ${shape.hotComments - 1}::bigint) i
  `.execute(db);
  await sql`
    INSERT INTO comment_votes (comment_id, profile_id, created_at)
    SELECT c.id, 1 + (c.author_id + k) % ${members}, c.created_at + k * interval '1 minute'
    FROM comments c CROSS JOIN LATERAL generate_series(0, c.points - 1) k
    WHERE c.post_id = ${shape.hotPostId}
  `.execute(db);
}

/**
 * The comment-pages subject: `bigThreads` top-level comments, then replies (comment i answers
 * comment i / 3), so threads differ in size and go three levels deep; every 53rd comment is
 * deleted. root_id is left to the trigger of migration 0006 (parents are inserted first).
 */
async function seedBigPost(db: Db, shape: SeedShape, clock: Clock, first: number): Promise<void> {
  const members = shape.members;
  await sql`
    INSERT INTO comments (id, post_id, parent_id, author_id, content, points, created_at, updated_at,
      deleted_at, deleted_by)
    SELECT ${first} + i, ${shape.bigPostId},
      CASE WHEN i >= ${shape.bigThreads} THEN ${first} + i / 3 END,
      1 + (i * 104729) % ${members},
      'Reactie ' || i || ' in een drukke discussie: ' || repeat('daar zit wat in. ', (1 + i % 6)::int),
      floor(power(${u('i', 11)}, 3) * 30)::int,
      ${postTime(clock, shape.bigPostId)} + i * interval '1 minute',
      ${postTime(clock, shape.bigPostId)} + i * interval '1 minute',
      CASE WHEN i % 53 = 0 THEN ${postTime(clock, shape.bigPostId)} + i * interval '1 minute' + interval '1 hour' END,
      CASE WHEN i % 53 = 0 THEN 'bench-' || lpad((1 + (i * 104729) % ${members})::text, 6, '0') END
    FROM generate_series(0::bigint, ${shape.bigComments - 1}::bigint) i
    ORDER BY i
  `.execute(db);
}

/** comment_count (comments not deleted), karma (points others gave) and topic post counts. */
async function recomputeCounters(db: Db, from: number, to: number): Promise<void> {
  await sql`
    UPDATE posts p SET comment_count = c.n
    FROM (SELECT post_id, count(*)::int AS n FROM comments
          WHERE post_id BETWEEN ${from} AND ${to} AND deleted_at IS NULL GROUP BY post_id) c
    WHERE p.id = c.post_id
  `.execute(db);
  await sql`
    UPDATE profiles pr SET karma_points = k.points
    FROM (SELECT author_id, sum(points)::int AS points FROM (
            SELECT author_id, points FROM posts UNION ALL SELECT author_id, points FROM comments
          ) s GROUP BY author_id) k
    WHERE pr.id = k.author_id AND pr.karma_points <> k.points
  `.execute(db);
  await sql`
    UPDATE topics t SET post_count = c.n
    FROM (SELECT pt.topic_id, count(*)::int AS n FROM post_topics pt
          JOIN posts p ON p.id = pt.post_id AND p.deleted_at IS NULL GROUP BY pt.topic_id) c
    WHERE t.id = c.topic_id
  `.execute(db);
}

/**
 * Chat: the viewer has `viewerThreads` threads (with profiles 2, 3, …), the first one long; every
 * other member has a few threads of `messagesPerThread`. All but the last 3 messages of a thread are
 * read. Message ids follow time; threads point at their last message.
 */
export function seedChat(pool: Db, shape: SeedShape): Promise<{ threads: number; messages: number }> {
  // One connection throughout: the thread plan is a temporary table, which lives in one session.
  return pool.connection().execute((db) => seedChatOn(db, shape));
}

async function seedChatOn(db: Db, shape: SeedShape): Promise<{ threads: number; messages: number }> {
  const members = shape.members;
  const firstBackground = shape.viewerThreads + 2;
  await sql`
    CREATE TEMP TABLE bench_threads AS
    SELECT ${viewerProfileId}::bigint AS low, g::bigint AS high,
      CASE WHEN g = 2 THEN ${shape.longThreadMessages}::int ELSE ${shape.messagesPerThread}::int END AS n,
      now() - (g || ' hours')::interval AS last_at
    FROM generate_series(2, ${shape.viewerThreads + 1}::int) g
    UNION ALL
    SELECT a, a + d, ${shape.messagesPerThread}::int, now() - ((a * 7 + d) || ' hours')::interval
    FROM generate_series(${firstBackground}::int, ${members}::int) a,
      generate_series(1, ${shape.backgroundThreadsPerMember}::int) d
    WHERE a + d <= ${members}
  `.execute(db);
  await sql`
    INSERT INTO threads (id, user_low, user_high, created_at, updated_at)
    SELECT low || 'x' || high, low, high, last_at - n * interval '5 minutes', last_at FROM bench_threads
  `.execute(db);
  const inserted = await sql`
    INSERT INTO messages (id, thread_id, from_user_id, to_user_id, content, read_at, created_at, updated_at)
    SELECT row_number() OVER (ORDER BY at, tid), tid,
      CASE WHEN k % 2 = 0 THEN high ELSE low END, CASE WHEN k % 2 = 0 THEN low ELSE high END,
      'Bericht ' || k || ' in dit gesprek: ' || repeat('hoe gaat het ermee? ', 1 + k % 5),
      CASE WHEN k <= n - 3 THEN at + interval '1 minute' END, at, at
    FROM (SELECT low || 'x' || high AS tid, low, high, n, k, last_at - (n - k) * interval '5 minutes' AS at
          FROM bench_threads, generate_series(1, n) k) m
  `.execute(db);
  await sql`SELECT setval('messages_id_seq', (SELECT max(id) FROM messages))`.execute(db);
  await sql`
    UPDATE threads t SET last_message_id = m.last_id
    FROM (SELECT thread_id, max(id) AS last_id FROM messages GROUP BY thread_id) m
    WHERE t.id = m.thread_id
  `.execute(db);
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM bench_threads`.execute(db);
  await sql`DROP TABLE bench_threads`.execute(db);
  return { threads: rows[0]!.n, messages: Number(inserted.numAffectedRows ?? 0n) };
}
