import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Role, rateLimits } from '@kring/contract';
import { deleteApp, getApps } from 'firebase-admin/app';
import { sql } from 'kysely';
import { setRole } from '../../functions/src/accounts/roles.ts';
import { createDb, type Db, migrateToLatest } from '../../functions/src/lib/db.ts';
import { startRtdbServer } from '../../tools/rtdb/server.ts';
import { authCall, startAuthEmulator } from './auth-emulator.ts';
import { startBenchDatabase } from './database.ts';
import { cpuBetween, type LoadTarget, localStackTarget } from './load-stack.ts';
import { summariseProfile } from './profile-summary.ts';
import { benchShape, clockFor, seedChat, seedMembers, seedPosts } from './seed.ts';
import type { ServerStats } from './server-stats.ts';

/**
 * Server load benchmark (issue 26): N simulated members call the production `web` function with a
 * realistic mix (timeline, a post with its comments, comment, vote, chat send/read, notifications,
 * search) for a bounded time, and the script prints calls/s, p50/p95 per call name, the server's CPU
 * milliseconds per call and SQL statements per call, then checks that the database agrees with what
 * was sent (post points, comment counts, messages) and fails loudly when it does not.
 *
 *   BENCH_DATABASE_URL=postgres://kring_bench:kring_bench@127.0.0.1:5432/kring_bench \
 *     npx tsx scripts/bench/load.ts [--members 20] [--seconds 30] [--warmup 5] [--profile]
 *
 * The server is scripts/bench/load-server.ts in its own process on Node 22 (node_modules/.bin/node):
 * the `web` export of functions/src/index.ts behind express, loopback only. PostgreSQL is the database
 * BENCH_DATABASE_URL names (its public schema is DROPPED first: use a database of its own, see
 * docs/benchmarks.md). Token checking is firebase-admin's verifyIdToken against the Auth emulator's
 * tokens (started here on free ports, used for sign-in only); the realtime counters go to the RTDB
 * stand-in (tools/rtdb), started here too. `--profile` runs the server under V8's CPU profiler during
 * the measured window and prints where its time went (it slows the server: measure without it).
 *
 *   flock /tmp/kring-stack.lock npx tsx scripts/bench/load.ts --through local-stack [--members 20]
 *
 * runs the same mix, seed, timing, report and consistency check through the local stack instead
 * (Hosting emulator :5000 → Functions emulator → PGlite; see load-stack.ts): a throw-away stack, or a
 * running one with E2E_BASE_URL. The server's own figures (CPU, statements) cannot be counted there.
 */

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '5' },
    posts: { type: 'string', default: '1000' },
    pool: { type: 'string', default: '3' },
    profile: { type: 'boolean', default: false },
    /** Print the statements of one call of each name. */
    sql: { type: 'boolean', default: false },
    /** emulator: firebase-admin's emulator mode as it is (an Auth emulator lookup on every call). */
    'token-check': { type: 'string', default: 'production' },
    /** Share (percent weight) of getUserAccount, the call every member page makes (session 'live'). */
    'page-loads': { type: 'string', default: '0' },
    /** The server's CALLER_CACHE_SECONDS / SESSION_CACHE_SECONDS (default: production's, 5 and 30). */
    'caller-cache': { type: 'string' },
    'session-cache': { type: 'string' },
    /** node: the web function on plain Node and PostgreSQL; local-stack: through the emulators. */
    through: { type: 'string', default: 'node' },
    /** The server's ONE_CONNECTION_PER_CALL: on runs a member call on one pooled connection (http/one-connection.ts). */
    'one-connection': { type: 'string', default: 'off' },
    /** The server's NAMED_STATEMENTS: off sends statements unnamed, parsed on every call (lib/named-statements.ts). */
    'named-statements': { type: 'string', default: 'on' },
    /** Calls per second offered by all members together (open loop); unset: each member waits for its answer. */
    rate: { type: 'string' },
  },
});
const positive = (name: string, value: string | undefined): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number`);
  return n;
};
const memberCount = positive('members', args.members);
const seconds = positive('seconds', args.seconds);
const warmupSeconds = Number(args.warmup);
const postCount = positive('posts', args.posts);
/** The web function's pool per instance in production is 3 (lib/connection-budget.ts). */
const poolMax = positive('pool', args.pool);
const tokenCheck = args['token-check'];
if (tokenCheck !== 'production' && tokenCheck !== 'emulator')
  throw new Error('--token-check must be production or emulator');
const throughStack = args.through === 'local-stack';
if (!throughStack && args.through !== 'node') throw new Error('--through must be node or local-stack');
if (memberCount < 2) throw new Error('--members must be at least 2 (members chat in pairs)');
if (memberCount > 50) throw new Error('--members must be at most 50 (the seeded community has 1,000)');
if (postCount < 1000) throw new Error('--posts must be at least 1000');
const rate = args.rate === undefined ? 0 : positive('rate', args.rate);

const root = resolve(import.meta.dirname, '../..');
const node22 = join(root, 'node_modules/.bin/node');
const shape = benchShape(
  { members: 1000, posts: postCount, comments: postCount * 5 },
  { bigComments: 2000, bigThreads: 400 },
);
const t0 = performance.now();
const say = (line: string) => console.log(`[${((performance.now() - t0) / 1000).toFixed(1)} s] ${line}`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : Number.NaN;

// ── the members and their calls ───────────────────────────────────────────────────────────────
interface Member {
  index: number;
  profileId: number;
  uid: string;
  token: string;
  partner: number;
  threadId: string;
  voted: Set<number>;
  /** Times of limited calls, per limit name, so that no member passes a rate limit of the contract. */
  limited: Map<string, number[]>;
}

/** What one member does next, with its share of all calls (percent). */
const mix: { name: string; weight: number; read: boolean }[] = [
  { name: 'listPosts', weight: 24, read: true },
  { name: 'getPost', weight: 24, read: true },
  { name: 'listUserNotifications', weight: 10, read: true },
  { name: 'listThreads', weight: 8, read: true },
  { name: 'listThreadMessages', weight: 8, read: true },
  { name: 'search', weight: 5, read: true },
  { name: 'upvotePost', weight: 7, read: false },
  { name: 'createComment', weight: 5, read: false },
  { name: 'sendMessage', weight: 5, read: false },
  { name: 'markThreadRead', weight: 4, read: false },
];
const pageLoads = Number(args['page-loads']);
if (!Number.isInteger(pageLoads) || pageLoads < 0) throw new Error('--page-loads must be a whole number');
if (pageLoads > 0) mix.push({ name: 'getUserAccount', weight: pageLoads, read: true });
const totalWeight = mix.reduce((sum, m) => sum + m.weight, 0);
const searchWords = ['alinea', 'onderwerp vandaag', 'Bericht 42', 'jullie', 'tekst'];

/** A small deterministic generator per member (a run is repeatable, and members differ). */
function randomFor(seed: number) {
  let state = seed * 2654435761 + 1;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

interface Sample {
  name: string;
  ms: number;
  status: number;
}

interface Expected {
  votes: Map<number, number>;
  comments: Map<number, number>;
  messages: Map<string, number>;
}

async function main() {
  say(
    `machine: ${cpus().length} cores (${cpus()[0]?.model}), load average ${load()}; driver Node ${process.version}`,
  );
  if (throughStack) return mainThroughStack();
  if (!process.env.BENCH_DATABASE_URL) {
    throw new Error(
      'Set BENCH_DATABASE_URL to a PostgreSQL database of its own (its public schema is dropped), see docs/benchmarks.md',
    );
  }
  if (!existsSync(node22)) throw new Error(`${node22} is missing: npm install (the "node" package, Node 22)`);
  const [database, auth, rtdb] = await Promise.all([
    startBenchDatabase(),
    startAuthEmulator(),
    startRtdbServer({ port: 0 }),
  ]);
  process.env.FIREBASE_AUTH_EMULATOR_HOST = auth.host;
  process.env.FIREBASE_DATABASE_EMULATOR_HOST = `127.0.0.1:${rtdb.port}`;
  const db = createDb(database.url, 3);
  let server: ChildProcess | undefined;
  try {
    await migrateToLatest(db);
    const { rows } = await sql<{ v: string }>`SELECT version() AS v`.execute(db);
    say(`engine: ${rows[0]!.v.split(' on ')[0]}; Auth emulator ${auth.host}; RTDB stand-in ${rtdb.url}`);
    const members = await seed(db, auth.host);
    const started = await startServer(database.url, auth.host, rtdb.port);
    server = started.child;
    await runLoad(db, members, {
      base: `http://127.0.0.1:${started.port}`,
      profileFile: started.profileFile,
    });
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((done) => server!.once('exit', done));
    }
    await Promise.all(getApps().map((app) => deleteApp(app)));
    await db.destroy();
    await Promise.all([auth.close(), rtdb.close()]);
    await database.close();
  }
}

/** The same seed, members and mix through the local stack (load-stack.ts); its database is PGlite. */
async function mainThroughStack() {
  const stack = await localStackTarget((line) => say(`stack: ${line}`));
  const db = createDb(stack.databaseUrl, 2);
  try {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM profiles`.execute(db);
    if (rows[0]!.n > 0)
      throw new Error(
        `the stack's database has ${rows[0]!.n} profiles: the benchmark seeds explicit ids and needs a database with the migrations only (run without E2E_BASE_URL for a throw-away stack)`,
      );
    say(
      `through the local stack: ${stack.base}/web/… (Hosting emulator → Functions emulator → PGlite), Auth emulator ${stack.authHost}`,
    );
    const members = await seed(db, stack.authHost);
    await runLoad(db, members, { base: stack.base, profileFile: '', stack });
  } finally {
    await Promise.all(getApps().map((app) => deleteApp(app)));
    await db.destroy();
    await stack.close();
  }
}

async function seed(db: Db, authHost: string): Promise<Member[]> {
  let t = performance.now();
  const password = 'bench-wachtwoord-1';
  const users: { uid: string; email: string }[] = [];
  for (let i = 0; i < memberCount; i++) {
    const email = `last-${i + 1}-${Date.now()}@kring.test`;
    const { localId } = await authCall(authHost, 'accounts:signUp', {
      email,
      password,
      returnSecureToken: true,
    });
    await setRole(db, localId, Role.Member);
    users.push({ uid: localId, email });
  }
  const clock = clockFor(shape);
  await seedMembers(db, shape, users[0]!.uid, clock);
  // Profiles 2..N belong to the other load members (the seed gave them placeholder accounts).
  for (let i = 1; i < memberCount; i++) {
    await sql`UPDATE profiles SET uid = ${users[i]!.uid} WHERE id = ${i + 1}`.execute(db);
  }
  await seedChat(db, shape);
  const seeded = await seedPosts(db, shape, clock, {
    from: 1,
    to: shape.posts,
    firstCommentId: 1,
    comments: shape.comments + shape.bigComments,
  });
  await sql`VACUUM ANALYZE`.execute(db);
  say(
    `seeded 1,000 members, ${shape.posts} posts, ${seeded.comments} comments, ${seeded.votes} votes, chat (${((performance.now() - t) / 1000).toFixed(1)} s)`,
  );
  t = performance.now();
  const tokens = await Promise.all(
    users.map(
      async (u) =>
        (
          await authCall(authHost, 'accounts:signInWithPassword', {
            email: u.email,
            password,
            returnSecureToken: true,
          })
        ).idToken,
    ),
  );
  const voted = await sql<{ profile_id: number; post_id: number }>`
    SELECT profile_id, post_id FROM post_votes WHERE profile_id <= ${memberCount}`.execute(db);
  return users.map((u, i) => {
    const partner = i % 2 === 0 ? (i + 1 < memberCount ? i + 1 : 0) : i - 1;
    const [low, high] = [i + 1, partner + 1].sort((a, b) => a - b);
    return {
      index: i,
      profileId: i + 1,
      uid: u.uid,
      token: tokens[i]!,
      partner,
      threadId: `${low}x${high}`,
      voted: new Set(voted.rows.filter((r) => r.profile_id === i + 1).map((r) => r.post_id)),
      limited: new Map(),
    };
  });
}

async function startServer(databaseUrl: string, authHost: string, rtdbPort: number) {
  const profileFile = args.profile
    ? join(mkdtempSync(join(tmpdir(), 'kring-load-')), 'server.cpuprofile')
    : '';
  const child = spawn(node22, ['--import', 'tsx', join(root, 'scripts/bench/load-server.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      GCLOUD_PROJECT: 'demo-kring',
      FUNCTION_TARGET: 'web',
      DATABASE_URL: databaseUrl,
      DB_POOL_MAX: String(poolMax),
      FIREBASE_AUTH_EMULATOR_HOST: authHost,
      FIREBASE_DATABASE_EMULATOR_HOST: `127.0.0.1:${rtdbPort}`,
      NODE_ENV: 'production',
      TOKEN_CHECK: tokenCheck,
      ...(args['caller-cache'] !== undefined ? { CALLER_CACHE_SECONDS: args['caller-cache'] } : {}),
      ...(args['session-cache'] !== undefined ? { SESSION_CACHE_SECONDS: args['session-cache'] } : {}),
      ONE_CONNECTION_PER_CALL: args['one-connection'] === 'on' ? 'on' : 'off',
      NAMED_STATEMENTS: args['named-statements'] === 'off' ? 'off' : 'on',
      ...(profileFile ? { PROFILE_FILE: profileFile } : {}),
    },
  });
  let output = '';
  const port = await new Promise<number>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`the server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /\[load-server\] listening (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        ready(Number(match[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`the server stopped (${code}):\n${output}`)));
  });
  child.stdout!.on('data', (c: Buffer) => process.stdout.write(`[server] ${c}`));
  child.stderr!.on('data', (c: Buffer) => process.stderr.write(`[server] ${c}`));
  say(
    `server: ${node22} (Node 22), the web function on 127.0.0.1:${port}, pool ${poolMax}, token check ${tokenCheck}`,
  );
  return { child, port, profileFile };
}

/** The members' target: the benchmark's server (its /__bench figures), or the local stack. */
interface Target {
  base: string;
  profileFile: string;
  stack?: LoadTarget;
}

async function runLoad(db: Db, members: Member[], target: Target) {
  const { base, profileFile, stack } = target;
  const call = async (
    member: Member,
    name: string,
    body: unknown,
  ): Promise<{ status: number; json: unknown }> => {
    const res = await fetch(`${base}/web/community/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
      body: JSON.stringify(body),
    });
    // Not JSON: the Hosting emulator's 504 ("Timed out waiting for function to respond.").
    const text = await res.text();
    try {
      return { status: res.status, json: JSON.parse(text) as unknown };
    } catch {
      return { status: res.status, json: text };
    }
  };
  const must = async (member: Member, name: string, body: unknown) => {
    const r = await call(member, name, body);
    if (r.status !== 200) throw new Error(`${name} answered ${r.status}: ${JSON.stringify(r.json)}`);
    return r.json;
  };

  // Posts a member may open, vote on or comment under: not deleted (the seed deletes 1 in 97).
  const livePosts = (
    await sql<{ id: number }>`SELECT id FROM posts WHERE deleted_at IS NULL ORDER BY id`.execute(db)
  ).rows.map((r) => r.id);
  const expected: Expected = { votes: new Map(), comments: new Map(), messages: new Map() };
  const add = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

  // Every pair answers each other once, so chat is past the first-contact limit (issue 21).
  for (const m of members) {
    const partner = members[m.partner]!;
    await must(m, 'sendMessage', { toUserId: partner.profileId, content: 'Hoi, zullen we even bijpraten?' });
    add(expected.messages, m.threadId);
  }
  const before = await counts(db, livePosts, members);
  expected.messages.clear();

  const underLimit = (m: Member, limit: keyof typeof rateLimits, now: number) => {
    const { max, windowSeconds } = rateLimits[limit];
    const times = (m.limited.get(limit) ?? []).filter((at) => at > now - windowSeconds * 1000);
    m.limited.set(limit, times);
    if (times.length >= max - 5) return false;
    times.push(now);
    return true;
  };

  /** One member's loop until `until`: pick a call by weight, make it, record it. */
  /**
   * One member's calls until `until`: pick a call by weight, make it, record it. Closed loop (the
   * default): the next call starts when the previous one answered. With `--rate R` an open loop: calls
   * start at their scheduled times (exponential gaps, R / N per member) whether or not the previous one
   * has answered, and a call's latency counts from its scheduled time (a late start is waiting too).
   */
  const memberLoop = async (m: Member, until: number, samples: Sample[] | null) => {
    const random = randomFor(m.index + 1 + (samples ? 1000 : 0));
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
    const state: { cursor: { order: string; cursor: string } | null } = { cursor: null };
    if (!rate) {
      while (performance.now() < until) await oneCall(m, random, pick, state, samples, performance.now());
      return;
    }
    const gapMs = () => (-Math.log(1 - random()) * 1000 * members.length) / rate;
    const inFlight = new Set<Promise<void>>();
    for (let next = performance.now() + gapMs(); next < until; next += gapMs()) {
      const wait = next - performance.now();
      if (wait > 0) await new Promise((done) => setTimeout(done, wait));
      const made = oneCall(m, random, pick, state, samples, next).finally(() => inFlight.delete(made));
      inFlight.add(made);
    }
    await Promise.all(inFlight);
  };

  const oneCall = async (
    m: Member,
    random: () => number,
    pick: <T>(list: T[]) => T,
    state: { cursor: { order: string; cursor: string } | null },
    samples: Sample[] | null,
    scheduledAt: number,
  ) => {
    let r = random() * totalWeight;
    let name = mix[0]!.name;
    for (const entry of mix) {
      r -= entry.weight;
      if (r < 0) {
        name = entry.name;
        break;
      }
    }
    const now = performance.now();
    let body: unknown = {};
    let after: ((json: unknown) => void) | undefined;
    let failed: (() => void) | undefined;
    if (name === 'upvotePost') {
      const postId = pick(livePosts);
      if (m.voted.has(postId) || !underLimit(m, 'votes', now)) name = 'getPost';
      else {
        body = { postId };
        // Taken before the call: with --rate, a second vote on it may start before this one answers.
        m.voted.add(postId);
        after = () => add(expected.votes, postId);
        failed = () => m.voted.delete(postId);
      }
    } else if (name === 'createComment') {
      const postId = pick(livePosts);
      if (!underLimit(m, 'comments', now)) name = 'listPosts';
      else {
        body = { postId, content: `Reactie van lid ${m.profileId}: goed punt, daar ben ik het mee eens.` };
        after = () => add(expected.comments, postId);
      }
    } else if (name === 'sendMessage') {
      if (!underLimit(m, 'messages', now)) name = 'listThreads';
      else {
        body = {
          toUserId: members[m.partner]!.profileId,
          content: `Bericht van lid ${m.profileId} om ${new Date().toISOString()}`,
        };
        after = () => add(expected.messages, m.threadId);
      }
    } else if (name === 'search') {
      if (!underLimit(m, 'searches', now)) name = 'listUserNotifications';
      else body = { q: pick(searchWords) };
    }
    if (name === 'getPost') body = { postId: pick(livePosts) };
    else if (name === 'listPosts') {
      // Mostly the first page, newest first; sometimes by points; sometimes the next page.
      const roll = random();
      body = roll < 0.2 && state.cursor ? state.cursor : { order: roll < 0.35 ? 'points' : 'createdAt' };
    } else if (name === 'listThreadMessages' || name === 'markThreadRead') body = { threadId: m.threadId };
    const res = await call(m, name, body);
    const ms = performance.now() - scheduledAt;
    samples?.push({ name, ms, status: res.status });
    if (res.status === 200) {
      after?.(res.json);
      if (name === 'listPosts') {
        const next = (res.json as { nextCursor: string | null }).nextCursor;
        const { order } = body as { order: string };
        state.cursor = next ? { order, cursor: next } : null;
      }
    } else {
      failed?.();
      if (!samples) throw new Error(`warm-up ${name} answered ${res.status}: ${JSON.stringify(res.json)}`);
    }
  };

  if (stack) await rampWorkers(members, call);
  if (warmupSeconds > 0) {
    const until = performance.now() + warmupSeconds * 1000;
    await Promise.all(members.map((m) => memberLoop(m, until, null)));
    say(`warm-up: ${warmupSeconds} s of the mix, not measured`);
  }
  if (!stack) await fetch(`${base}/__bench/reset`, { method: 'POST' });
  const loadBefore = load();
  const dbTicks = stack ? new Map<number, number>() : await backendTicks(db);
  const emulatorCpu = stack?.emulatorCpu() ?? null;
  const clientCpu = process.cpuUsage();
  const samples: Sample[] = [];
  const start = performance.now();
  await Promise.all(members.map((m) => memberLoop(m, start + seconds * 1000, samples)));
  const elapsed = (performance.now() - start) / 1000;
  const client = process.cpuUsage(clientCpu);
  const stats = stack ? null : ((await (await fetch(`${base}/__bench/stats`)).json()) as ServerStats);
  const dbTicksAfter = stack ? new Map<number, number>() : await backendTicks(db);
  const databaseCpuMs =
    [...dbTicksAfter].reduce((sum, [pid, t]) => sum + (dbTicks.has(pid) ? t - dbTicks.get(pid)! : t), 0) * 10;
  const emulatorAfter = stack?.emulatorCpu() ?? null;
  const loadAfter = load();

  const emulatorCpuMs = cpuBetween(emulatorCpu, emulatorAfter);
  if (stats) report(samples, elapsed, stats, client, databaseCpuMs, loadBefore, loadAfter);
  else reportThroughStack(samples, elapsed, client, emulatorCpuMs, loadBefore, loadAfter);
  const after = await counts(db, livePosts, members);
  const problems = consistency(before, after, expected);
  if (stats?.profiled && profileFile) summariseProfile(profileFile);
  finish(problems);
}

/**
 * The Functions emulator runs one request per worker process and starts a new worker (the bundle,
 * firebase-admin, a pool) for every request that finds none idle: 20 members at once on a cold stack
 * start ~20 workers together, which on a busy 2-core machine can pass the Hosting proxy's 60 s limit
 * (a 504 for a write whose result is then unknown). So the workers start one round at a time first:
 * k members read at once for k = 1..N (a read, so a slow or failed answer changes nothing).
 */
async function rampWorkers(
  members: Member[],
  call: (m: Member, name: string, body: unknown) => Promise<{ status: number }>,
) {
  const t = performance.now();
  let failed = 0;
  for (let k = 1; k <= members.length; k++) {
    const answers = await Promise.all(members.slice(0, k).map((m) => call(m, 'listThreads', {})));
    failed += answers.filter((a) => a.status !== 200).length;
  }
  say(
    `the Functions emulator's workers started for ${members.length} members at once (${((performance.now() - t) / 1000).toFixed(1)} s, ${failed} reads not answered 200)`,
  );
}

/**
 * CPU milliseconds of this database's PostgreSQL backends (the server's pool), per pid, from
 * /proc/<pid>/stat (utime + stime, in ticks of 10 ms). Background workers (WAL writer, checkpointer,
 * autovacuum) are not counted.
 */
async function backendTicks(db: Db): Promise<Map<number, number>> {
  const { rows } = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(
    db,
  );
  const ticks = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // the backend ended
    }
  }
  return ticks;
}

function report(
  samples: Sample[],
  elapsed: number,
  stats: ServerStats,
  client: NodeJS.CpuUsage,
  databaseCpuMs: number,
  loadBefore: string,
  loadAfter: string,
) {
  const names = namesOf(samples);
  const serverCpuMs = stats.cpuUserMs + stats.cpuSystemMs;
  const mean = (sum: number | undefined, n: number | undefined) =>
    sum === undefined || !n ? '?' : (sum / n).toFixed(1);
  const sumOf = (key: 'serverMs' | 'poolWaitMs' | 'statementMs' | 'statements') =>
    Object.values(stats.calls).reduce((sum, c) => sum + c[key], 0);
  const total = samples.length;
  const all = headline(samples, elapsed);
  console.log(
    `server CPU ${serverCpuMs.toFixed(0)} ms (user ${stats.cpuUserMs.toFixed(0)}, system ${stats.cpuSystemMs.toFixed(0)}) = ` +
      `${(serverCpuMs / total).toFixed(2)} ms per call, ${((serverCpuMs / stats.elapsedMs) * 100).toFixed(0)}% of a core; ` +
      `Auth look-ups ${stats.authLookups} (${(stats.authLookups / total).toFixed(3)} per call); ` +
      `${stats.distinctTexts} distinct SQL texts; ` +
      `event loop busy ${(stats.eventLoopUtilization * 100).toFixed(0)}%; RSS ${stats.rssMb.toFixed(0)} MB`,
  );
  const driverMs = (client.user + client.system) / 1000;
  console.log(
    `PostgreSQL CPU ${databaseCpuMs.toFixed(0)} ms = ${(databaseCpuMs / total).toFixed(2)} ms per call (its backends for this database); ` +
      `driver CPU ${(driverMs / total).toFixed(2)} ms per call (the members and the RTDB stand-in, same machine)`,
  );
  const perCall = (serverCpuMs + databaseCpuMs) / total;
  console.log(
    `server + PostgreSQL: ${perCall.toFixed(2)} ms CPU per call = ${(1000 / perCall).toFixed(0)} calls/s per core at most; ` +
      `load average before ${loadBefore}, after ${loadAfter}`,
  );
  console.log('');
  console.log(
    '| call | calls | calls/s | p50 ms | p95 ms | server ms | of it: pool wait | SQL round trips | SQL per call | errors |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const name of names) {
    const mine = samples.filter((s) => s.name === name);
    const ms = mine.map((s) => s.ms).sort((a, b) => a - b);
    const server = stats.calls[name];
    const sqlCounts = server
      ? Object.keys(server.statementCounts)
          .map(Number)
          .sort((a, b) => a - b)
      : [];
    const sqlText = sqlCounts.length
      ? sqlCounts.length === 1
        ? String(sqlCounts[0])
        : `${sqlCounts[0]}-${sqlCounts.at(-1)} (mean ${(server!.statements / server!.calls).toFixed(1)})`
      : '?';
    const errors = mine.filter((s) => s.status !== 200).length;
    console.log(
      `| ${name} | ${mine.length} | ${(mine.length / elapsed).toFixed(1)} | ${quantile(ms, 0.5).toFixed(1)} | ${quantile(ms, 0.95).toFixed(1)} | ${mean(server?.serverMs, server?.calls)} | ${mean(server?.poolWaitMs, server?.calls)} | ${mean(server?.statementMs, server?.calls)} | ${sqlText} | ${errors} |`,
    );
  }
  const statements = sumOf('statements');
  console.log(
    `| all | ${total} | ${(total / elapsed).toFixed(1)} | ${quantile(all, 0.5).toFixed(1)} | ${quantile(all, 0.95).toFixed(1)} | ${mean(sumOf('serverMs'), total)} | ${mean(sumOf('poolWaitMs'), total)} | ${mean(sumOf('statementMs'), total)} | ${(statements / total).toFixed(1)} | ${samples.filter((s) => s.status !== 200).length} |`,
  );
  console.log('');
  if (args.sql) {
    for (const name of names) {
      console.log(`statements of one ${name} call:`);
      for (const text of stats.calls[name]?.sample ?? []) console.log(`    ${text}`);
    }
    console.log('');
  }
  const reads = mix.filter((m) => m.read).map((m) => m.name);
  const readSql = Math.max(
    ...reads.flatMap((n) => Object.keys(stats.calls[n]?.statementCounts ?? {}).map(Number)),
  );
  // Which reads went over 4 statements, and how often (search: words the instance had not seen yet).
  const over = reads.flatMap((n) => {
    const counts = Object.entries(stats.calls[n]?.statementCounts ?? {}).filter(([k]) => Number(k) > 4);
    const times = counts.reduce((sum, [, v]) => sum + v, 0);
    return times ? [`${n} ${times} of ${stats.calls[n]!.calls} calls`] : [];
  });
  if (over.length) console.log(`reads over 4 statements: ${over.join('; ')}`);
  const achieved = total / elapsed;
  const p95 = quantile(all, 0.95);
  console.log(
    `goal (issue 26): >= 400 calls/s: ${achieved.toFixed(0)} ${achieved >= 400 ? 'met' : 'NOT met'}; p95 <= 50 ms: ${p95.toFixed(1)} ${p95 <= 50 ? 'met' : 'NOT met'}; reads <= 4 SQL: at most ${readSql} ${readSql <= 4 ? 'met' : 'NOT met'}`,
  );
}

/** The call names of `samples` in the mix's order. */
const namesOf = (samples: Sample[]) =>
  [...new Set(samples.map((s) => s.name))].sort(
    (a, b) => mix.findIndex((m) => m.name === a) - mix.findIndex((m) => m.name === b),
  );

/** Prints calls, calls/s and p50/p95/p99 of all calls; returns their sorted latencies. */
function headline(samples: Sample[], elapsed: number): number[] {
  const total = samples.length;
  const all = samples.map((s) => s.ms).sort((a, b) => a - b);
  console.log('');
  console.log(
    `${memberCount} members, ${rate ? `open loop, ${rate} calls/s offered (latency from each call's scheduled start)` : 'closed loop (each member waits for its answer)'}, ${elapsed.toFixed(1)} s measured: ${total} calls, ${(total / elapsed).toFixed(0)} calls/s; ` +
      `p50 ${quantile(all, 0.5).toFixed(1)} ms, p95 ${quantile(all, 0.95).toFixed(1)} ms, p99 ${quantile(all, 0.99).toFixed(1)} ms`,
  );
  return all;
}

/**
 * The report through the local stack: the members' figures as on plain Node; of the server side only
 * what the processes show (the Functions emulator runs the function in workers of its own).
 */
function reportThroughStack(
  samples: Sample[],
  elapsed: number,
  client: NodeJS.CpuUsage,
  emulatorCpuMs: number | null,
  loadBefore: string,
  loadAfter: string,
) {
  const total = samples.length;
  const all = headline(samples, elapsed);
  const driverMs = (client.user + client.system) / 1000;
  const ownStack = !process.env.E2E_BASE_URL;
  console.log(
    `Firebase emulators (one process group: Hosting proxy, Functions emulator, Auth emulator, the web function's workers) CPU ` +
      `${emulatorCpuMs === null ? 'not found' : `${emulatorCpuMs.toFixed(0)} ms = ${(emulatorCpuMs / total).toFixed(2)} ms per call`}; ` +
      `this process CPU ${(driverMs / total).toFixed(2)} ms per call (the members${ownStack ? ', and the stack’s PGlite, RTDB and other stand-ins, which run in it' : ''}); ` +
      `load average before ${loadBefore}, after ${loadAfter}`,
  );
  console.log(
    'server ms, pool waits and SQL statements per call: not countable through the emulator (the function runs in the Functions emulator’s workers, without the benchmark server’s instruments) — see the plain-Node run',
  );
  console.log('');
  console.log(
    '| call | calls | calls/s | p50 ms | p95 ms | errors |\n| --- | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const name of namesOf(samples)) {
    const mine = samples.filter((s) => s.name === name);
    const ms = mine.map((s) => s.ms).sort((a, b) => a - b);
    console.log(
      `| ${name} | ${mine.length} | ${(mine.length / elapsed).toFixed(1)} | ${quantile(ms, 0.5).toFixed(1)} | ${quantile(ms, 0.95).toFixed(1)} | ${mine.filter((s) => s.status !== 200).length} |`,
    );
  }
  console.log(
    `| all | ${total} | ${(total / elapsed).toFixed(1)} | ${quantile(all, 0.5).toFixed(1)} | ${quantile(all, 0.95).toFixed(1)} | ${samples.filter((s) => s.status !== 200).length} |`,
  );
  console.log('');
}

interface Counts {
  points: Map<number, number>;
  voteRows: Map<number, number>;
  commentCount: Map<number, number>;
  commentRows: Map<number, number>;
  messages: Map<string, number>;
}

async function counts(db: Db, posts: number[], members: Member[]): Promise<Counts> {
  const p = await sql<{ id: number; points: number; comment_count: number; votes: number; comments: number }>`
    SELECT p.id, p.points, p.comment_count,
      (SELECT count(*) FROM post_votes v WHERE v.post_id = p.id)::int AS votes,
      (SELECT count(*) FROM comments c WHERE c.post_id = p.id AND c.deleted_at IS NULL)::int AS comments
    FROM posts p WHERE p.id = ANY(${posts}::bigint[])`.execute(db);
  const threads = [...new Set(members.map((m) => m.threadId))];
  const t = await sql<{ thread_id: string; n: number }>`
    SELECT thread_id, count(*)::int AS n FROM messages WHERE thread_id = ANY(${threads}::text[]) GROUP BY thread_id`.execute(
    db,
  );
  return {
    points: new Map(p.rows.map((r) => [r.id, r.points])),
    voteRows: new Map(p.rows.map((r) => [r.id, r.votes])),
    commentCount: new Map(p.rows.map((r) => [r.id, r.comment_count])),
    commentRows: new Map(p.rows.map((r) => [r.id, r.comments])),
    messages: new Map(threads.map((id) => [id, t.rows.find((r) => r.thread_id === id)?.n ?? 0])),
  };
}

function consistency(before: Counts, after: Counts, expected: Expected): string[] {
  const problems: string[] = [];
  const sum = (map: Map<unknown, number>) => [...map.values()].reduce((a, b) => a + b, 0);
  for (const [id, points] of after.points) {
    const sent = expected.votes.get(id) ?? 0;
    if (points !== (before.points.get(id) ?? 0) + sent)
      problems.push(`post ${id}: ${points} points, expected ${before.points.get(id)} + ${sent} upvotes sent`);
    if (points !== after.voteRows.get(id))
      problems.push(`post ${id}: ${points} points but ${after.voteRows.get(id)} vote rows`);
    const added = expected.comments.get(id) ?? 0;
    const count = after.commentCount.get(id) ?? 0;
    if (count !== (before.commentCount.get(id) ?? 0) + added)
      problems.push(
        `post ${id}: comment_count ${count}, expected ${before.commentCount.get(id)} + ${added} sent`,
      );
    if (count !== after.commentRows.get(id))
      problems.push(`post ${id}: comment_count ${count} but ${after.commentRows.get(id)} comments`);
  }
  for (const [thread, n] of after.messages) {
    const sent = expected.messages.get(thread) ?? 0;
    if (n !== (before.messages.get(thread) ?? 0) + sent)
      problems.push(
        `thread ${thread}: ${n} messages, expected ${before.messages.get(thread)} + ${sent} sent`,
      );
  }
  console.log(
    `consistency: ${sum(expected.votes)} upvotes, ${sum(expected.comments)} comments and ${sum(expected.messages)} messages answered 200 (warm-up and measured window); checked against the database`,
  );
  return problems;
}

function finish(problems: string[]) {
  if (problems.length) {
    console.error(`\nINCONSISTENT (${problems.length}):\n  ${problems.slice(0, 20).join('\n  ')}`);
    process.exitCode = 1;
  } else console.log('consistency: points, comment counts and messages agree with what was sent');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
