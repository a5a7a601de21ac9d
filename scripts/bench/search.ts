import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { endpointPath, type InputOf, type OutputOf, search } from '@kring/contract';
import { sql } from 'kysely';
import { handleApiRequest } from '../../functions/src/http/router.ts';
import { createDb, type Db, migrateToLatest } from '../../functions/src/lib/db.ts';
import { RANKED_MATCHES_MAX } from '../../functions/src/search/search.repo.ts';
import { createMemberUser, startAuthEmulator } from './auth-emulator.ts';
import { startBenchDatabase } from './database.ts';
import { loadText, printResultTable, stopBench } from './report.ts';
import { benchShape, clockFor, seedMembers, seedPosts } from './seed.ts';

/**
 * Search benchmark (issue 16, docs/benchmarks.md): the community data set of scripts/bench/seed.ts
 * (100,000 posts, 500,000 comments) with a vocabulary added so words have realistic frequencies, then
 * `search` through the real router (real Auth emulator token) for a common word, a rare word and
 * two-word queries, page 1 and page 2. Prints p50/p95 and the plan of the ranking statement.
 *
 *   npx tsx scripts/bench/search.ts [--posts 100000 --comments 500000 --members 1000 --n 100 --warmup 10]
 *
 * Without BENCH_DATABASE_URL an embedded PGlite runs in memory (or in --data-dir, which must be new).
 * BENCH_DATABASE_URL=postgres://… uses that server instead; its public schema is DROPPED first.
 */

const { values: args } = parseArgs({
  options: {
    posts: { type: 'string', default: '100000' },
    comments: { type: 'string', default: '500000' },
    members: { type: 'string', default: '1000' },
    n: { type: 'string', default: '100' },
    warmup: { type: 'string', default: '10' },
    'data-dir': { type: 'string' },
  },
});
const shape = benchShape({
  members: Number(args.members),
  posts: Number(args.posts),
  comments: Number(args.comments),
});
// One bench user makes far more calls than the 120/minute a member may (one upsert per call when on).
process.env.RATE_LIMITS = 'off';
const runs = Number(args.n);
const warmup = Number(args.warmup);
const t0 = performance.now();
const say = (line: string) => console.log(`[${((performance.now() - t0) / 1000).toFixed(1)} s] ${line}`);

/**
 * Words with the frequencies a community has: every seeded post already says 'onderwerp' and every
 * comment 'reactie' (the common words); 1 post in 100 gets 'tarieven' in its title, 1 in 1,000
 * 'belastingaangifte' in its text (the rare word), 1 comment in 200 'tarief'.
 */
async function addVocabulary(db: Db) {
  await sql`UPDATE posts SET title = title || ' over tarieven' WHERE id % 100 = 3`.execute(db);
  await sql`UPDATE posts SET content = content || ' Hoe doen jullie de belastingaangifte?' WHERE id % 1000 = 7`.execute(
    db,
  );
  await sql`UPDATE comments SET content = content || ' Ons tarief is anders.' WHERE id % 200 = 5`.execute(db);
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

async function main() {
  say(`machine: ${cpus().length} cores, Node ${process.version}, load ${loadText()}`);
  const [database, auth] = await Promise.all([startBenchDatabase(args['data-dir']), startAuthEmulator()]);
  process.env.FIREBASE_AUTH_EMULATOR_HOST = auth.host;
  const db = createDb(database.url);
  try {
    await migrateToLatest(db);
    const { rows: version } = await sql<{ v: string }>`SELECT version() AS v`.execute(db);
    const engine = version[0]!.v.split(' on ')[0]!;
    say(`engine: ${engine}`);
    const viewer = await createMemberUser(db, auth.host);
    const clock = clockFor(shape);
    let t = performance.now();
    await seedMembers(db, shape, viewer.uid, clock);
    const seeded = await seedPosts(db, shape, clock, {
      from: 1,
      to: shape.posts,
      firstCommentId: 1,
      comments: shape.comments,
    });
    say(
      `seeded ${shape.posts} posts and ${seeded.comments} comments (the triggers index each row) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    t = performance.now();
    await addVocabulary(db);
    await sql`VACUUM ANALYZE`.execute(db);
    say(
      `vocabulary added, re-indexed by the triggers, VACUUM ANALYZE in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    const { rows: size } = await sql<{ docs: number; table: string; index: string }>`
      SELECT count(*)::int AS docs, pg_size_pretty(pg_table_size('search_documents')) AS table,
        pg_size_pretty(pg_relation_size('search_documents_gin_idx')) AS index FROM search_documents`.execute(
      db,
    );
    say(`search_documents: ${size[0]!.docs} rows, table ${size[0]!.table}, GIN index ${size[0]!.index}`);

    const call = async (input: InputOf<typeof search>): Promise<OutputOf<typeof search>> => {
      const res = await handleApiRequest(
        {
          method: 'POST',
          path: endpointPath(search),
          headers: { 'content-type': 'application/json', authorization: `Bearer ${viewer.token}` },
          rawBody: Buffer.from(JSON.stringify(input)),
        },
        { db },
      );
      if (res.status !== 200) throw new Error(`search answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body as OutputOf<typeof search>;
    };

    const cases: { name: string; input: InputOf<typeof search> }[] = [
      { name: 'common word, all (onderwerp: every post)', input: { q: 'onderwerp' } },
      { name: 'common word, all (reactie: every comment)', input: { q: 'reactie' } },
      { name: 'common word, posts tab', input: { q: 'onderwerp', kind: 'posts' } },
      { name: 'rare word (belastingaangifte: 100 posts)', input: { q: 'belastingaangifte' } },
      { name: 'two words (tarieven onderwerp: 1,000 posts)', input: { q: 'tarieven onderwerp' } },
      { name: 'two words (tarief reactie: 2,500 comments)', input: { q: 'tarief reactie' } },
      { name: 'stemmed (tarief: 1,000 posts + 2,500 comments)', input: { q: 'tarief' } },
      { name: 'member name (lid_00012)', input: { q: 'lid_00012', kind: 'members' } },
    ];
    const results: string[] = [];
    for (const c of cases) {
      const first = await call(c.input);
      const pages: [string, InputOf<typeof search>][] = [['page 1', c.input]];
      if (first.nextCursor) pages.push(['page 2', { ...c.input, cursor: first.nextCursor }]);
      for (const [label, input] of pages) {
        for (let i = 0; i < warmup; i++) await call(input);
        const times: number[] = [];
        let hits = 0;
        for (let i = 0; i < runs; i++) {
          const start = performance.now();
          hits = (await call(input)).items.length;
          times.push(performance.now() - start);
        }
        times.sort((a, b) => a - b);
        const line = `${c.name}, ${label}: p50 ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms (${hits} hits on the page)`;
        say(line);
        results.push(
          `| ${c.name} | ${label} | ${quantile(times, 0.5).toFixed(1)} | ${quantile(times, 0.95).toFixed(1)} |`,
        );
      }
      if (c.input.kind !== 'members') {
        const kinds = c.input.kind === 'posts' ? ['post'] : ['post', 'comment', 'article'];
        const { rows } = await sql<{ 'QUERY PLAN': string }>`
          EXPLAIN (ANALYZE, BUFFERS)
          WITH c AS (
            SELECT d.kind, d.ref_id, d.created_at, d.document FROM search_documents d
            WHERE d.document @@ kring_search_query(${c.input.q}) AND d.kind = ANY(${kinds}::text[]) AND NOT d.removed
            ORDER BY d.created_at DESC LIMIT ${RANKED_MATCHES_MAX}
          )
          SELECT kind, ref_id FROM c
          ORDER BY round(ts_rank(c.document, kring_search_query(${c.input.q}))::numeric, 6) DESC, c.created_at DESC
          LIMIT 21`.execute(db);
        const plan = rows.map((r) => r['QUERY PLAN']);
        say(
          `  plan: ${plan
            .filter((l) => /Scan|Execution Time|Sort Method|Limit/.test(l))
            .map((l) => l.trim())
            .join(' | ')}`,
        );
      }
    }
    printResultTable({ engine, runs, warmup }, 'query | page | p50 ms | p95 ms', results);
  } finally {
    await stopBench(db, auth, database);
  }
}

await main();
