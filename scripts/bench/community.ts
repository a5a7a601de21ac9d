import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  type Endpoint,
  endpointPath,
  getPost,
  type InputOf,
  listPosts,
  listThreadMessages,
  listThreads,
  type OutputOf,
  undoUpvotePost,
  upvotePost,
} from '@kring/contract';
import { deleteApp, getApps } from 'firebase-admin/app';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../../functions/src/db/schema.ts';
import { verifyToken } from '../../functions/src/http/auth.ts';
import { handleApiRequest } from '../../functions/src/http/router.ts';
import { createDb, type Db, migrateToLatest } from '../../functions/src/lib/db.ts';
import { startRtdbServer } from '../../tools/rtdb/server.ts';
import { createMemberUser, startAuthEmulator } from './auth-emulator.ts';
import { wholeTreeReference } from './comments-reference.ts';
import { startBenchDatabase } from './database.ts';
import { type Captured, explain } from './explain.ts';
import { explainPointsReference } from './points-reference.ts';
import {
  benchArticleSlug,
  benchShape,
  clockFor,
  longThreadId,
  rareTopicId,
  seedChat,
  seedMembers,
  seedPosts,
  viewerProfileId,
} from './seed.ts';

/**
 * Community read benchmark: seeds a large community with set-based SQL, then calls listPosts,
 * getPost, listThreads and listThreadMessages through the real router in-process (real Auth
 * emulator tokens) and prints latency percentiles, SQL statements per call and EXPLAIN summaries,
 * first at `--small` posts, then after growing to `--posts`. See docs/benchmarks.md.
 *
 *   npx tsx scripts/bench/community.ts [--posts 100000 --comments 500000 --members 1000]
 *     [--small 1000] [--n 200] [--warmup 20] [--budget 60] [--data-dir /tmp/kring-bench-NEW]
 *
 * Without BENCH_DATABASE_URL an embedded PGlite runs in memory (or in --data-dir, which must be
 * new). BENCH_DATABASE_URL=postgres://… uses that server instead; its public schema is DROPPED first.
 */

const { values: args } = parseArgs({
  options: {
    posts: { type: 'string', default: '100000' },
    comments: { type: 'string', default: '500000' },
    members: { type: 'string', default: '1000' },
    small: { type: 'string', default: '1000' },
    n: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
    budget: { type: 'string', default: '60' },
    'data-dir': { type: 'string' },
  },
});
const int = (name: string, value: string | undefined): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number`);
  return n;
};
const shape = benchShape({
  members: int('members', args.members),
  posts: int('posts', args.posts),
  comments: int('comments', args.comments),
});
const smallPosts = Math.min(int('small', args.small), shape.posts);
const runs = int('n', args.n);
const warmup = int('warmup', args.warmup);
/** Seconds one measured case may take; a slow case stops early and reports how many calls it made. */
const budgetMs = int('budget', args.budget) * 1000;
// The hot post is seeded with the first size; a post has up to 300 votes, each by a different member.
if (Math.max(shape.hotPostId, shape.bigPostId) > smallPosts) {
  throw new Error(`--small must be at least ${Math.max(shape.hotPostId, shape.bigPostId)}`);
}
if (shape.members <= 300) throw new Error('--members must be more than 300');

const t0 = performance.now();
const elapsed = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const say = (line: string) => console.log(`[${elapsed(t0)}] ${line}`);

/** Statements run through the measured Kysely instance; `capture` collects them for EXPLAIN. */
const counter = { statements: 0, capture: null as Captured[] | null };

interface Result {
  size: number;
  name: string;
  calls: number;
  p50: number;
  p95: number;
  mean: number;
  statements: string;
  rows: string;
}

/** What EXPLAIN (ANALYZE, BUFFERS) says one call costs, all its statements together. */
interface PlanCost {
  size: number;
  name: string;
  statements: number;
  executionMs: number;
  buffers: number;
  postScans: string;
  warnings: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const spread = (values: number[]) => {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return lo === hi ? String(lo) : `${lo}-${hi}`;
};

async function main() {
  say(
    `machine: ${cpus().length} cores (${cpus()[0]?.model}), Node ${process.version}, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  // The local RTDB stand-in: votes publish notification counters there. Without it firebase-admin
  // would try to reach the real Firebase.
  const [database, auth, rtdb] = await Promise.all([
    startBenchDatabase(args['data-dir']),
    startAuthEmulator(),
    startRtdbServer({ port: 0 }),
  ]);
  process.env.FIREBASE_AUTH_EMULATOR_HOST = auth.host;
  process.env.FIREBASE_DATABASE_EMULATOR_HOST = `127.0.0.1:${rtdb.port}`;
  say(`database, Auth emulator (${auth.host}) and RTDB stand-in (${rtdb.url}) up`);
  const seedDb = createDb(database.url);
  const benchDb: Db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 5 }) }),
    log: (event) => {
      if (event.level !== 'query') return;
      counter.statements++;
      counter.capture?.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  try {
    await run(seedDb, benchDb, auth.host);
  } finally {
    // firebase-admin keeps a connection to the RTDB open; deleting the app lets the process end.
    await Promise.all(getApps().map((app) => deleteApp(app)));
    await benchDb.destroy();
    await seedDb.destroy();
    await Promise.all([auth.close(), rtdb.close()]);
    await database.close();
  }
}

async function run(seedDb: Db, benchDb: Db, authHost: string) {
  await migrateToLatest(seedDb);
  const { rows: version } = await sql<{ v: string }>`SELECT version() AS v`.execute(seedDb);
  const engine = version[0]!.v.split(' on ')[0]!;
  say(`engine: ${engine}`);
  const viewer = await createMemberUser(seedDb, authHost);
  const clock = clockFor(shape);

  let t = performance.now();
  await seedMembers(seedDb, shape, viewer.uid, clock);
  const chat = await seedChat(seedDb, shape);
  say(`seeded ${shape.members} members, ${chat.threads} threads, ${chat.messages} messages in ${elapsed(t)}`);

  const smallComments = Math.round((shape.comments * smallPosts) / shape.posts);
  t = performance.now();
  const small = await seedPosts(seedDb, shape, clock, {
    from: 1,
    to: smallPosts,
    firstCommentId: 1,
    // The big post's comments come on top, so the other posts keep about 5 each.
    comments: Math.max(smallComments, shape.hotComments) + shape.bigComments,
  });
  await vacuum(seedDb);
  say(
    `seeded ${smallPosts} posts, ${small.comments} comments, ${small.votes} votes (+ VACUUM ANALYZE) in ${elapsed(t)}`,
  );

  const call = async <E extends Endpoint>(endpoint: E, body: InputOf<E>): Promise<OutputOf<E>> => {
    const res = await handleApiRequest(
      {
        method: 'POST',
        path: endpointPath(endpoint),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${viewer.token}` },
        rawBody: Buffer.from(JSON.stringify(body)),
      },
      { db: benchDb },
    );
    if (res.status !== 200)
      throw new Error(`${endpoint.name} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body as OutputOf<E>;
  };

  // What every call pays before its handler runs: the token check and one round trip to the database.
  const floor: Case[] = [
    { name: 'floor: verifyIdToken', once: async () => ((await verifyToken(viewer.token)) ? 1 : 0) },
    {
      name: 'floor: SELECT 1 through the pool',
      once: async () => (await sql<{ one: number }>`SELECT 1 AS one`.execute(benchDb)).rows.length,
    },
  ];
  const first = await measureAll(seedDb, call, smallPosts, floor);

  t = performance.now();
  const big = await seedPosts(seedDb, shape, clock, {
    from: smallPosts + 1,
    to: shape.posts,
    firstCommentId: small.comments + 1,
    comments: shape.comments - small.comments,
  });
  await vacuum(seedDb);
  say(
    `grew to ${shape.posts} posts: +${shape.posts - smallPosts} posts, +${big.comments} comments, +${big.votes} votes (+ VACUUM ANALYZE) in ${elapsed(t)}`,
  );
  await printCounts(seedDb);
  const second = await measureAll(seedDb, call, shape.posts, floor);

  printResults([...first.results, ...second.results], [...first.plans, ...second.plans]);
  await checkPointsUnderVotes(seedDb, call, second.pointsCursor);
  say(
    `engine ${engine}; ${runs} calls per case after ${warmup} warm-up calls (fewer where the budget of ${budgetMs / 1000} s ran out); load now ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

async function vacuum(db: Db) {
  // A steady-state database has fresh statistics and visibility maps; right after a bulk load it has neither.
  await sql`VACUUM ANALYZE`.execute(db);
}

async function printCounts(db: Db) {
  const { rows } = await sql<{ t: string; n: number }>`
    SELECT 'posts' AS t, count(*)::int AS n FROM posts UNION ALL
    SELECT 'comments', count(*)::int FROM comments UNION ALL
    SELECT 'post_votes', count(*)::int FROM post_votes UNION ALL
    SELECT 'comment_votes', count(*)::int FROM comment_votes UNION ALL
    SELECT 'profiles', count(*)::int FROM profiles UNION ALL
    SELECT 'threads', count(*)::int FROM threads UNION ALL
    SELECT 'messages', count(*)::int FROM messages
  `.execute(db);
  say(`rows: ${rows.map((r) => `${r.t} ${r.n}`).join(', ')}`);
}

type Call = <E extends Endpoint>(endpoint: E, body: InputOf<E>) => Promise<OutputOf<E>>;

interface Case {
  name: string;
  once: () => Promise<number>;
}

async function measure(size: number, c: Case): Promise<Result> {
  for (let i = 0; i < warmup; i++) await c.once();
  const times: number[] = [];
  const statements: number[] = [];
  const rows: number[] = [];
  const started = performance.now();
  for (let i = 0; i < runs && performance.now() - started < budgetMs; i++) {
    const before = counter.statements;
    const start = performance.now();
    rows.push(await c.once());
    times.push(performance.now() - start);
    statements.push(counter.statements - before);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const result: Result = {
    size,
    name: c.name,
    calls: times.length,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    mean: times.reduce((a, b) => a + b, 0) / times.length,
    statements: spread(statements),
    rows: spread(rows),
  };
  say(
    `${String(size).padStart(6)} ${c.name.padEnd(34)} p50 ${result.p50.toFixed(1)} ms  p95 ${result.p95.toFixed(1)} ms  SQL ${result.statements}`,
  );
  return result;
}

/** Follows nextCursor from the first page to page `n` and returns the cursor that opens it. */
async function cursorOfPage<T, C>(
  n: number,
  first: () => Promise<T>,
  next: (p: T) => Promise<T>,
  cursorOf: (p: T) => C | null,
): Promise<C> {
  let page = await first();
  for (let i = 2; i < n; i++) page = await next(page);
  const cursor = cursorOf(page);
  if (cursor === null) throw new Error(`there is no page ${n}`);
  return cursor;
}

async function measureAll(
  db: Db,
  call: Call,
  size: number,
  floor: Case[],
): Promise<{ results: Result[]; plans: PlanCost[]; pointsCursor: string }> {
  const pageSize = 20;
  const deepPage = 50;
  const topicId = 1;
  const postsPage = (
    order: 'createdAt' | 'points',
    cursor: string | null,
    topic: number | null = null,
    articleSlug: string | null = null,
  ) => call(listPosts, { order, pageSize, cursor, topicId: topic, articleSlug });
  const postsCursor = (order: 'createdAt' | 'points') =>
    cursorOfPage(
      deepPage,
      () => postsPage(order, null),
      (p) => postsPage(order, p.nextCursor),
      (p) => p.nextCursor,
    );
  const cursors = { createdAt: await postsCursor('createdAt'), points: await postsCursor('points') };
  const messagesPage = (cursor: number | null) =>
    call(listThreadMessages, { threadId: longThreadId, pageSize, cursor });
  const messagesCursor = await cursorOfPage(
    deepPage,
    () => messagesPage(null),
    (p) => messagesPage(p.nextCursor),
    (p) => p.nextCursor,
  );

  const posts = (name: string, page: () => ReturnType<typeof postsPage>) => ({
    name,
    once: async () => (await page()).items.length,
  });
  const listPostsCases: Case[] = [
    posts('listPosts createdAt, page 1', () => postsPage('createdAt', null)),
    posts('listPosts points, page 1', () => postsPage('points', null)),
    posts(`listPosts createdAt, page ${deepPage}`, () => postsPage('createdAt', cursors.createdAt)),
    posts(`listPosts points, page ${deepPage}`, () => postsPage('points', cursors.points)),
    posts(`listPosts createdAt, topic ${topicId}, page 1`, () => postsPage('createdAt', null, topicId)),
    posts('listPosts createdAt, rare topic, page 1', () => postsPage('createdAt', null, rareTopicId)),
    posts(`listPosts points, topic ${topicId}, page 1`, () => postsPage('points', null, topicId)),
    posts('listPosts points, rare topic, page 1', () => postsPage('points', null, rareTopicId)),
    posts('listPosts createdAt, article, page 1', () => postsPage('createdAt', null, null, benchArticleSlug)),
    posts('listPosts points, article, page 1', () => postsPage('points', null, null, benchArticleSlug)),
  ];
  const getPostCase = (order: 'createdAt' | 'points'): Case => ({
    name: `getPost 200 comments, ${order}`,
    once: async () => (await call(getPost, { postId: shape.hotPostId, order })).comments.length,
  });
  const commentCases = await commentPageCases(db, call);
  const threadsCase: Case = {
    name: `listThreads (${shape.viewerThreads} threads)`,
    once: async () => (await call(listThreads, {})).threads.length,
  };
  const messagesCases: Case[] = [
    { name: 'listThreadMessages, page 1', once: async () => (await messagesPage(null)).messages.length },
    {
      name: `listThreadMessages, page ${deepPage}`,
      once: async () => (await messagesPage(messagesCursor)).messages.length,
    },
  ];
  const cases = [
    ...floor,
    ...listPostsCases,
    getPostCase('createdAt'),
    getPostCase('points'),
    ...commentCases,
    threadsCase,
    ...messagesCases,
  ];
  const results: Result[] = [];
  for (const c of cases) results.push(await measure(size, c));

  // What each call runs, statement by statement, with the plans Postgres chose at this size.
  const plans: PlanCost[] = [];
  const planned = [
    ...listPostsCases,
    getPostCase('createdAt'),
    ...commentCases.filter((c) => c.name.startsWith('getPost 5,000')),
    threadsCase,
    messagesCases[1]!,
  ];
  for (const c of planned) {
    plans.push(await printPlans(db, size, c));
  }
  for (const [name, cursor, topic] of [
    ['page 1', null, null],
    [`page ${deepPage}`, cursors.points, null],
    [`topic ${topicId}, page 1`, null, topicId],
    ['rare topic, page 1', null, rareTopicId],
  ] as const) {
    plans.push(await compareWithReference(db, size, name, { cursor, topicId: topic }, postsPage));
  }
  return { results, plans, pointsCursor: cursors.points };
}

/**
 * getPost's comment pages (issue 11): the first page of the post with 5,000 comments against a post
 * with 5, a deep page by each order, a first page with a focused comment from a late thread, and
 * the whole tree as getPost built it before paging (comments-reference.ts, no router).
 */
async function commentPageCases(db: Db, call: Call): Promise<Case[]> {
  // An ordinary post: about 5 comments, none deleted (at the default shape exactly 5).
  const { rows } = await sql<{ post_id: number; n: number }>`
    SELECT c.post_id, count(*)::int AS n FROM comments c JOIN posts p ON p.id = c.post_id
    WHERE p.deleted_at IS NULL AND p.pinned_at IS NULL AND p.id NOT IN (${shape.hotPostId}, ${shape.bigPostId})
    GROUP BY c.post_id HAVING bool_and(c.deleted_at IS NULL)
    ORDER BY abs(count(*) - 5), c.post_id LIMIT 1
  `.execute(db);
  const { post_id: fivePostId, n: few } = rows[0]!;
  const bigPage = (
    order: 'createdAt' | 'points',
    commentsCursor: string | null = null,
    focusCommentId: number | null = null,
  ) =>
    call(getPost, { postId: shape.bigPostId, order, commentsCursor, commentsPageSize: 20, focusCommentId });
  const deepPage = 25;
  const deepCursor = (order: 'createdAt' | 'points') =>
    cursorOfPage(
      deepPage,
      () => bigPage(order),
      (p) => bigPage(order, p.commentsNextCursor),
      (p) => p.commentsNextCursor,
    );
  const cursors = { createdAt: await deepCursor('createdAt'), points: await deepCursor('points') };
  // A reply in a thread near the end (page 48 of 50 oldest first), as a notification link would name.
  const { rows: late } = await sql<{ id: number }>`
    SELECT id FROM comments
    WHERE post_id = ${shape.bigPostId} AND root_id = (
      SELECT id FROM comments WHERE post_id = ${shape.bigPostId} AND parent_id IS NULL AND deleted_at IS NULL
      ORDER BY created_at, id OFFSET 950 LIMIT 1)
    ORDER BY id DESC LIMIT 1
  `.execute(db);
  const focusId = late[0]!.id;
  const comments = (name: string, page: () => Promise<{ comments: unknown[] }>): Case => ({
    name,
    once: async () => (await page()).comments.length,
  });
  return [
    comments(`getPost ${few} comments, createdAt`, () =>
      call(getPost, { postId: fivePostId, order: 'createdAt' }),
    ),
    comments('getPost 5,000 comments, createdAt, page 1', () => bigPage('createdAt')),
    comments('getPost 5,000 comments, points, page 1', () => bigPage('points')),
    comments(`getPost 5,000 comments, createdAt, page ${deepPage}`, () =>
      bigPage('createdAt', cursors.createdAt),
    ),
    comments(`getPost 5,000 comments, points, page ${deepPage}`, () => bigPage('points', cursors.points)),
    comments('getPost 5,000 comments, page 1 + focus', () => bigPage('createdAt', null, focusId)),
    {
      name: `before: whole tree, ${few} comments`,
      once: () => wholeTreeReference(db, fivePostId, 'createdAt', viewerProfileId),
    },
    {
      name: 'before: whole tree, 5,000 comments',
      once: () => wholeTreeReference(db, shape.bigPostId, 'createdAt', viewerProfileId),
    },
  ];
}

/**
 * The handler's points pages must also equal the reference once votes arrive after the cursor's
 * moment (both then rank by the points as they were). Runs last: it changes the data. The viewer
 * upvotes every post on pages 50 and 51 it has not voted on and undoes its votes on the others.
 */
async function checkPointsUnderVotes(db: Db, call: Call, cursor: string) {
  const page = (c: string | null) =>
    call(listPosts, { order: 'points', pageSize: 20, cursor: c, topicId: null });
  const page50 = await page(cursor);
  const page51 = await page(page50.nextCursor);
  let upvotes = 0;
  let undos = 0;
  for (const post of [...page50.items, ...page51.items]) {
    if (post.author.id === viewerProfileId) continue;
    if (post.hasUpvoted) {
      await call(undoUpvotePost, { postId: post.id });
      undos++;
    } else {
      await call(upvotePost, { postId: post.id });
      upvotes++;
    }
  }
  const pages = [cursor, page50.nextCursor] as const;
  const checks: string[] = [];
  for (const [i, c] of pages.entries()) {
    const before = i === 0 ? page50 : page51;
    const after = await page(c);
    const ids = after.items.map((p) => p.id).join();
    const stable = ids === before.items.map((p) => p.id).join();
    const reference = await explainPointsReference(db, {
      cursor: c,
      topicId: null,
      limit: after.items.length,
    });
    const same = reference.ids.join() === ids;
    checks.push(
      `page ${50 + i} unchanged: ${stable ? 'yes' : 'NO'}, same ids as the reference: ${same ? 'yes' : 'NO'}`,
    );
  }
  say(`after ${upvotes} upvotes and ${undos} undone votes since the cursor's moment: ${checks.join('; ')}`);
}

/** The reference points query (points-reference.ts, the query before the rewrite): its plan, and whether the handler returns its page. */
async function compareWithReference(
  db: Db,
  size: number,
  name: string,
  opts: { cursor: string | null; topicId: number | null },
  postsPage: (
    order: 'points',
    cursor: string | null,
    topic: number | null,
  ) => Promise<OutputOf<typeof listPosts>>,
): Promise<PlanCost> {
  const handler = (await postsPage('points', opts.cursor, opts.topicId)).items
    .filter((p) => p.pinnedAt === null)
    .map((p) => p.id);
  const { ids, plan } = await explainPointsReference(db, { ...opts, limit: handler.length });
  const same = ids.join() === handler.join();
  console.log(
    `\n--- reference points query (before the rewrite) at ${size} posts, ${name}: ${plan.executionMs.toFixed(2)} ms, buffers ${plan.buffersHit + plan.buffersRead}, handler returns the same ${ids.length} ids: ${same ? 'yes' : 'NO'}`,
  );
  console.log(plan.text.replace(/^/gm, '    '));
  return {
    size,
    name: `reference points query (before), ${name}${same ? '' : ' (DIFFERENT ids!)'}`,
    statements: 1,
    executionMs: plan.executionMs,
    buffers: plan.buffersHit + plan.buffersRead,
    postScans: plan.postScans.join(' + '),
    warnings: plan.warnings.length,
  };
}

async function printPlans(db: Db, size: number, c: Case): Promise<PlanCost> {
  counter.capture = [];
  await c.once();
  const captured = counter.capture;
  counter.capture = null;
  console.log(`\n--- EXPLAIN (ANALYZE, BUFFERS) at ${size} posts: ${c.name} (${captured.length} statements)`);
  const cost: PlanCost = {
    size,
    name: c.name,
    statements: captured.length,
    executionMs: 0,
    buffers: 0,
    postScans: '',
    warnings: 0,
  };
  for (const [i, query] of captured.entries()) {
    const plan = await explain(db, query);
    cost.executionMs += plan.executionMs;
    cost.buffers += plan.buffersHit + plan.buffersRead;
    cost.warnings += plan.warnings.length;
    console.log(
      `#${i + 1} ${plan.executionMs.toFixed(2)} ms, buffers hit ${plan.buffersHit} read ${plan.buffersRead}: ${plan.statement}`,
    );
    // The statement that picks the page (raw SQL with ORDER BY) or reads the comment tree gets its whole plan.
    const isKey = /ORDER BY/.test(query.sql) || /where "comments"\."post_id" =/.test(query.sql);
    if (/ORDER BY (p\.created_at|rank_points)/.test(query.sql)) cost.postScans = plan.postScans.join(' + ');
    console.log((isKey ? plan.text : plan.shape).replace(/^/gm, '    '));
    for (const warning of plan.warnings) console.log(`    !! grows with the table: ${warning}`);
  }
  return cost;
}

function printTable(header: string[], lines: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${row(header)}\n${row(widths.map((w) => '-'.repeat(w)))}`);
  for (const line of lines) console.log(row(line));
}

function printResults(results: Result[], plans: PlanCost[]) {
  printTable(
    ['posts', 'call', 'calls', 'p50 ms', 'p95 ms', 'mean ms', 'SQL/call', 'rows'],
    results.map((r) => [
      String(r.size),
      r.name,
      String(r.calls),
      r.p50.toFixed(1),
      r.p95.toFixed(1),
      r.mean.toFixed(1),
      r.statements,
      r.rows,
    ]),
  );
  printTable(
    [
      'posts',
      'call (one EXPLAIN ANALYZE per statement)',
      'SQL',
      'exec ms',
      'buffers',
      'posts scan of the key statement',
      'grows',
    ],
    plans.map((p) => [
      String(p.size),
      p.name,
      String(p.statements),
      p.executionMs.toFixed(2),
      String(p.buffers),
      p.postScans || '-',
      p.warnings > 0 ? 'YES' : 'no',
    ]),
  );
}

await main();
