import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { createDb, type Db, migrateToLatest } from '../../functions/src/lib/db.ts';
import type { DigestCms } from '../../functions/src/mail/digest-cms.ts';
import {
  DIGEST_BATCH_SIZE,
  type DigestBatch,
  planWeeklyDigest,
  sendDigestBatch,
} from '../../functions/src/mail/weekly-digest.ts';
import { startBenchDatabase } from './database.ts';

/**
 * The weekly digest for a large membership, as production runs it: the planner cuts the members
 * into batches, and batches run `--concurrency` at a time (Cloud Tasks' maxConcurrentDispatches is
 * 5), each rendering its mails with MJML and sending them over SMTP. Prints batches, mails per
 * second and total time. See docs/benchmarks.md and docs/mail.md.
 *
 *   npx tsx scripts/bench/digest.ts [--members 10000] [--concurrency 5] [--smtp sink|maildev]
 *
 * --smtp sink (default) counts mails in an SMTP server in this process; --smtp maildev sends them
 * to the running local stack's maildev (127.0.0.1:1025). Without BENCH_DATABASE_URL the local
 * PGlite server runs in memory; BENCH_DATABASE_URL=postgres://… uses that server, its public schema
 * DROPPED first.
 */

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '5' },
    smtp: { type: 'string', default: 'sink' },
  },
});
const members = Number(args.members);
const concurrency = Number(args.concurrency);
if (!Number.isInteger(members) || members < 100) throw new Error('--members must be a whole number ≥ 100');
if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('--concurrency must be ≥ 1');

const t0 = performance.now();
const say = (line: string) => console.log(`[${((performance.now() - t0) / 1000).toFixed(1)} s] ${line}`);

async function startSink(): Promise<{ port: number; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received++;
        done();
      });
    },
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.server.address() as { port: number };
  return { port, received: () => received, close: () => new Promise((done) => server.close(() => done())) };
}

/**
 * A week of a community of `members`: everyone active with a verified address (mail goes only there), 1 in 5 wrote a post this week (2 in 3 of those
 * got replies from others), a few hundred votes, 1 in 200 joined this week. Set-based SQL only.
 */
async function seedWeek(db: Db, now: Date) {
  const week = 7 * 86_400;
  await sql`
    INSERT INTO accounts (uid, email, email_verified, role, created_at)
    SELECT 'digest-' || g, 'lid' || g || '@kring.test', true, 1, ${now.toISOString()}::timestamptz - interval '400 days'
    FROM generate_series(1, ${members}::int) g
  `.execute(db);
  await sql`
    INSERT INTO profiles (id, uid, name, created_at)
    SELECT g, 'digest-' || g, 'lid_' || lpad(g::text, 6, '0'),
      ${now.toISOString()}::timestamptz - CASE WHEN g % 200 = 0 THEN interval '2 days' ELSE interval '300 days' END
    FROM generate_series(1, ${members}::int) g
  `.execute(db);
  await sql`SELECT setval('profiles_id_seq', ${members})`.execute(db);
  const posts = Math.floor(members / 5);
  await sql`
    INSERT INTO posts (id, author_id, title, content, points, created_at)
    SELECT g, g * 5, 'Vraag van deze week ' || g, 'Wat vinden jullie ervan?', (g * 7919) % 40,
      ${now.toISOString()}::timestamptz - ((g * 104729) % ${week})::int * interval '1 second'
    FROM generate_series(1, ${posts}::int) g
  `.execute(db);
  await sql`SELECT setval('posts_id_seq', ${posts})`.execute(db);
  // Replies: 3 per post on 2 of 3 posts, by other members, after the post.
  await sql`
    INSERT INTO comments (post_id, author_id, content, created_at)
    SELECT p.id, ((p.author_id + r * 37) % ${members}) + 1, 'Goed punt', p.created_at + r * interval '10 minutes'
    FROM posts p CROSS JOIN generate_series(1, 3) r
    WHERE p.id % 3 <> 0 AND ((p.author_id + r * 37) % ${members}) + 1 <> p.author_id
  `.execute(db);
  await sql`UPDATE posts SET comment_count = (SELECT count(*) FROM comments c WHERE c.post_id = posts.id)`.execute(
    db,
  );
  const counts = await sql<{ posts: string; comments: string }>`
    SELECT (SELECT count(*) FROM posts) AS posts, (SELECT count(*) FROM comments) AS comments
  `.execute(db);
  return counts.rows[0]!;
}

/** The CMS part of the week, as the digest shows it (no Strapi needed for the benchmark). */
const cms = async (): Promise<DigestCms> => ({
  articles: [
    { title: 'Zo bepaal je een eerlijk uurtarief', slug: 'uurtarief', summary: 'Drie rekenstappen.' },
    { title: 'Nieuwe cao: wat verandert er?', slug: 'nieuwe-cao', summary: 'De belangrijkste punten.' },
  ],
  events: [
    { title: 'Ledenavond', slug: 'ledenavond', startsAt: '2026-12-03T18:30:00.000Z', location: 'Utrecht' },
  ],
});

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

async function main() {
  say(
    `machine: ${cpus().length} cores (${cpus()[0]?.model}), Node ${process.version}, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const database = await startBenchDatabase();
  const sink = args.smtp === 'maildev' ? null : await startSink();
  process.env.SMTP_HOST = '127.0.0.1';
  process.env.SMTP_PORT = String(sink ? sink.port : 1025);
  process.env.LOG_LEVEL ??= 'warn';
  process.env.MAIL_TOKEN_SECRET ??= 'kring-bench-mail-token-secret';
  // A pool as a function instance has it (DB_POOL_MAX), one per concurrent batch here.
  const db = createDb(database.url, Math.max(2, concurrency));
  try {
    await migrateToLatest(db);
    const { rows } = await sql<{ v: string }>`SELECT version() AS v`.execute(db);
    say(`engine: ${rows[0]!.v.split(' on ')[0]}`);
    const now = new Date();
    let t = performance.now();
    const seeded = await seedWeek(db, now);
    say(
      `seeded ${members} members, ${seeded.posts} posts and ${seeded.comments} comments this week in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    t = performance.now();
    const batches: DigestBatch[] = [];
    const plan = await planWeeklyDigest(db, now, async (b) => void batches.push(b));
    const planMs = performance.now() - t;
    say(
      `planned ${plan.members} members in ${plan.batches} batches of ${DIGEST_BATCH_SIZE} in ${planMs.toFixed(0)} ms`,
    );

    t = performance.now();
    const batchMs: number[] = [];
    let sent = 0;
    let next = 0;
    const worker = async () => {
      while (next < batches.length) {
        const batch = batches[next++]!;
        const started = performance.now();
        const result = await sendDigestBatch(db, batch, cms);
        sent += result.sent;
        batchMs.push(performance.now() - started);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const totalS = (performance.now() - t) / 1000;
    batchMs.sort((a, b) => a - b);
    say(`sent ${sent} digests in ${totalS.toFixed(1)} s`);

    // A second run in the same week: every member is already claimed.
    t = performance.now();
    let again = 0;
    for (const batch of batches.slice(0, 10)) {
      const result = await sendDigestBatch(db, batch, cms);
      again += result.sent;
    }
    const againMs = (performance.now() - t) / Math.min(10, batches.length);

    console.log('\n| figure | value |\n|---|---|');
    console.log(`| members who want the digest | ${plan.members} |`);
    console.log(`| batches (tasks) | ${plan.batches} |`);
    console.log(`| digests sent (members with news) | ${sent} |`);
    console.log(`| plan (scheduler invocation) | ${planMs.toFixed(0)} ms |`);
    console.log(
      `| batch time p50 / p95 / max | ${(quantile(batchMs, 0.5) / 1000).toFixed(1)} / ${(quantile(batchMs, 0.95) / 1000).toFixed(1)} / ${(batchMs.at(-1)! / 1000).toFixed(1)} s |`,
    );
    console.log(`| total, ${concurrency} batches at once | ${totalS.toFixed(1)} s |`);
    console.log(`| mails per second | ${(sent / totalS).toFixed(0)} |`);
    console.log(`| a batch run again in the same week | ${againMs.toFixed(0)} ms, ${again} mails |`);
    if (sink) console.log(`| mails the SMTP sink received | ${sink.received()} |`);
  } finally {
    await db.destroy();
    await sink?.close();
    await database.close();
  }
}

await main();
process.exit(0);
