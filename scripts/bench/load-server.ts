import { AsyncLocalStorage } from 'node:async_hooks';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import express from 'express';
import pg from 'pg';
import { frameworkBody } from '../rehearsal/framework-body.mjs';
import type { CallStats, ServerStats } from './server-stats.ts';

/**
 * The server side of scripts/bench/load.ts, run by it in a process of its own on Node 22
 * (`node_modules/.bin/node --import tsx`): the production `web` function (functions/src/index.ts, the
 * firebase-functions `onRequest` wrapper around handleHttp) served by express on loopback with the same
 * body handling as the functions framework (scripts/rehearsal/framework-body.mjs, the rehearsal's). The
 * settings come from the environment the benchmark gives it (DATABASE_URL, DB_POOL_MAX, the emulator
 * hosts for token checking and the realtime stand-in).
 *
 * Benchmark instruments only, outside the web handler:
 * - every statement the pg driver sends is counted for the request that sent it (AsyncLocalStorage
 *   around each request, a wrapper around pg.Client#query): no production code changes;
 * - GET /__bench/stats: per call name the calls, statements, statuses and server time, and the
 *   process' CPU time (process.cpuUsage) and event-loop utilisation since the last reset;
 * - POST /__bench/reset starts a new measuring window (and the CPU profiler when PROFILE_FILE is set:
 *   the profile covers the window only and is written at /__bench/stats);
 * - POST /__bench/stop closes the server and exits.
 */

interface Counted {
  statements: number;
  /** Milliseconds from sending a statement to its result, summed (statements of one request overlap rarely). */
  statementMs: number;
  /** Milliseconds waited for a pooled connection, summed. */
  poolWaitMs: number;
  /** The statements' text (the first call of each name is kept as a sample). */
  texts: string[];
}
const requestStore = new AsyncLocalStorage<Counted>();
/** Statements sent outside any request (none expected). */
let statementsOutside = 0;
/** Every SQL text sent since the start (lib/named-statements.ts names each one per connection). */
const distinctTexts = new Set<string>();
const clientProto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
const originalQuery = clientProto.query;
clientProto.query = function countedQuery(this: unknown, ...args: unknown[]) {
  const counted = requestStore.getStore();
  if (!counted) {
    statementsOutside++;
    return originalQuery.apply(this, args);
  }
  counted.statements++;
  const first = args[0];
  const text = typeof first === 'string' ? first : String((first as { text?: string })?.text ?? '?');
  counted.texts.push(text);
  distinctTexts.add(text);
  const started = performance.now();
  const result = originalQuery.apply(this, args);
  if (result instanceof Promise) {
    void result.then(
      () => {
        counted.statementMs += performance.now() - started;
      },
      () => {},
    );
  }
  return result;
};
const poolProto = pg.Pool.prototype as unknown as { connect: (...args: unknown[]) => unknown };
const originalConnect = poolProto.connect;
poolProto.connect = function timedConnect(this: unknown, ...args: unknown[]) {
  const counted = requestStore.getStore();
  const result = originalConnect.apply(this, args);
  if (counted && result instanceof Promise) {
    const started = performance.now();
    void result.then(
      () => {
        counted.poolWaitMs += performance.now() - started;
      },
      () => {},
    );
  }
  return result;
};

/**
 * Token checking as production does it. firebase-admin's verifyIdToken, when FIREBASE_AUTH_EMULATOR_HOST
 * is set, skips the signature (emulator tokens are unsigned) and ALWAYS asks the emulator whether the
 * user was disabled or signed out (`checkRevoked || isEmulator` in base-auth.js): one HTTP round trip to
 * the Auth emulator per call, which production makes only when the endpoint asks (`session`). With
 * TOKEN_CHECK=production the benchmark's server replaces verifyIdToken by the same steps without that
 * extra lookup (the emulator's JWT check, then the revocation lookup only when asked for); production's
 * RS256 signature check with cached Google keys is then the one part not run (docs/benchmarks.md).
 */
if (process.env.TOKEN_CHECK === 'production') {
  const { BaseAuth } = await import('firebase-admin/auth');
  type Verifier = { verifyJWT(token: string, isEmulator: boolean): Promise<unknown> };
  const proto = BaseAuth.prototype as unknown as {
    verifyIdToken(
      this: { idTokenVerifier: Verifier },
      token: string,
      checkRevoked?: boolean,
    ): Promise<unknown>;
  };
  const original = proto.verifyIdToken;
  proto.verifyIdToken = function verifyIdTokenAsInProduction(token, checkRevoked = false) {
    if (checkRevoked) return original.call(this, token, true);
    return this.idTokenVerifier.verifyJWT(token, true);
  };
}

/** Auth user look-ups (the revocation check's getUser) since the last reset. */
let authLookups = 0;
{
  const { BaseAuth } = await import('firebase-admin/auth');
  const proto = BaseAuth.prototype as unknown as { getUser(this: unknown, uid: string): Promise<unknown> };
  const original = proto.getUser;
  proto.getUser = function countedGetUser(uid) {
    authLookups++;
    return original.call(this, uid);
  };
}

const { web } = await import('../../functions/src/index.ts');
const { closeDb } = await import('../../functions/src/lib/db.ts');

let perCall = new Map<string, CallStats>();
let since = { cpu: process.cpuUsage(), at: performance.now(), elu: performance.eventLoopUtilization() };
const profileFile = process.env.PROFILE_FILE;
let session: Session | undefined;

const app = express();
app.disable('x-powered-by');
app.get('/__bench/stats', async (_req, res) => {
  const cpu = process.cpuUsage(since.cpu);
  const elapsedMs = performance.now() - since.at;
  const elu = performance.eventLoopUtilization(since.elu);
  let profiled = false;
  if (session && profileFile) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(profileFile, JSON.stringify(profile));
    session.disconnect();
    session = undefined;
    profiled = true;
  }
  const stats: ServerStats = {
    elapsedMs,
    cpuUserMs: cpu.user / 1000,
    cpuSystemMs: cpu.system / 1000,
    eventLoopUtilization: elu.utilization,
    statementsOutside,
    authLookups,
    distinctTexts: distinctTexts.size,
    rssMb: process.memoryUsage().rss / 1e6,
    profiled,
    calls: Object.fromEntries(perCall),
  };
  res.json(stats);
});
app.post('/__bench/reset', async (_req, res) => {
  perCall = new Map();
  statementsOutside = 0;
  authLookups = 0;
  if (profileFile && !session) {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    // 1 ms sampling: enough samples in a 20-60 s window, little overhead.
    await session.post('Profiler.setSamplingInterval', { interval: 1000 });
    await session.post('Profiler.start');
  }
  since = { cpu: process.cpuUsage(), at: performance.now(), elu: performance.eventLoopUtilization() };
  res.json({ ok: true });
});
app.post('/__bench/stop', (_req, res) => {
  res.json({ ok: true });
  server.close();
  void closeDb().finally(() => process.exit(0));
});

// The functions framework's body handling, the rehearsal's own: raw body kept, JSON and forms parsed.
app.use(...frameworkBody(express));
app.use((req, res) => {
  const name = req.path.split('/').filter(Boolean).at(-1) ?? '';
  const counted: Counted = { statements: 0, statementMs: 0, poolWaitMs: 0, texts: [] };
  const started = performance.now();
  res.on('finish', () => {
    const entry = perCall.get(name) ?? {
      calls: 0,
      statements: 0,
      serverMs: 0,
      statementMs: 0,
      poolWaitMs: 0,
      statuses: {},
      statementCounts: {},
    };
    entry.calls++;
    entry.statements += counted.statements;
    entry.serverMs += performance.now() - started;
    entry.statementMs += counted.statementMs;
    entry.sample ??= counted.texts.map((t) => t.replace(/\s+/g, ' ').slice(0, 160));
    entry.poolWaitMs += counted.poolWaitMs;
    entry.statuses[res.statusCode] = (entry.statuses[res.statusCode] ?? 0) + 1;
    entry.statementCounts[counted.statements] = (entry.statementCounts[counted.statements] ?? 0) + 1;
    perCall.set(name, entry);
  });
  requestStore.run(counted, () => web(req as typeof req & { rawBody: Buffer }, res));
});

const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`[load-server] listening ${port}`);
});
process.on('SIGTERM', () => {
  server.close();
  void closeDb().finally(() => process.exit(0));
});
