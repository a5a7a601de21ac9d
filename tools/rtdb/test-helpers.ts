import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import { connectDatabaseEmulator, type Database, getDatabase, onValue, type Query } from 'firebase/database';
import { deleteApp as deleteAdminApp, initializeApp as initializeAdminApp } from 'firebase-admin/app';
import { getDatabase as getAdminDatabase } from 'firebase-admin/database';
import { afterEach } from 'vitest';
import { DEFAULT_NAMESPACE, type RtdbServer, type RtdbServerOptions, startRtdbServer } from './server.ts';

type AdminApp = ReturnType<typeof initializeAdminApp>;

const cleanups: (() => Promise<unknown>)[] = [];

// Apps and servers left open keep vitest from exiting: everything made here is closed after each test.
afterEach(async () => {
  const pending = cleanups.splice(0).reverse();
  for (const cleanup of pending) await cleanup().catch(() => {});
});

export async function startServer(opts: RtdbServerOptions = {}): Promise<RtdbServer> {
  const server = await startRtdbServer({ port: 0, ...opts });
  cleanups.push(() => server.close());
  return server;
}

export function databaseUrl(port: number, ns = DEFAULT_NAMESPACE): string {
  return `http://127.0.0.1:${port}?ns=${ns}`;
}

/** A firebase@12 web client; `mockUser` connects through connectDatabaseEmulator with a mock token. */
export function webClient(
  port: number,
  options: { ns?: string; mockUser?: { sub: string; [claim: string]: unknown } } = {},
): { app: FirebaseApp; db: Database } {
  const app = initializeApp(
    { projectId: 'demo-kring', databaseURL: databaseUrl(port, options.ns), apiKey: 'fake' },
    `web-${randomUUID()}`,
  );
  const db = getDatabase(app);
  if (options.mockUser) connectDatabaseEmulator(db, '127.0.0.1', port, { mockUserToken: options.mockUser });
  cleanups.push(() => deleteApp(app));
  return { app, db };
}

/** firebase-admin pointed at the server: an http:// databaseURL makes it use the `owner` credential. */
export function adminClient(port: number, ns = DEFAULT_NAMESPACE) {
  const app: AdminApp = initializeAdminApp(
    { projectId: 'demo-kring', databaseURL: databaseUrl(port, ns) },
    `admin-${randomUUID()}`,
  );
  cleanups.push(() => deleteAdminApp(app));
  return getAdminDatabase(app);
}

export function onCleanup(cleanup: () => Promise<unknown>): void {
  cleanups.push(cleanup);
}

/** Collects a query's values; `next(pred)` resolves with the first value (seen or future) matching it. */
export function watch(query: Query) {
  const values: unknown[] = [];
  let cancelled: Error | null = null;
  const waiters: { pred: (v: unknown) => boolean; done: (v: unknown) => void }[] = [];
  const cancelWaiters: ((e: Error) => void)[] = [];
  const unsubscribe = onValue(
    query,
    (snapshot) => {
      const value = snapshot.val();
      values.push(value);
      for (const waiter of [...waiters]) {
        if (waiter.pred(value)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.done(value);
        }
      }
    },
    (error) => {
      cancelled = error;
      for (const done of cancelWaiters.splice(0)) done(error);
    },
  );
  return {
    values,
    unsubscribe,
    get cancelled() {
      return cancelled;
    },
    next(pred: (value: unknown) => boolean = () => true, timeoutMs = 5000): Promise<unknown> {
      const seen = values.find(pred);
      if (seen !== undefined) return Promise.resolve(seen);
      return withTimeout(new Promise((done) => waiters.push({ pred, done })), timeoutMs, 'value');
    },
    cancellation(timeoutMs = 5000): Promise<Error> {
      if (cancelled) return Promise.resolve(cancelled);
      return withTimeout(new Promise<Error>((done) => cancelWaiters.push(done)), timeoutMs, 'cancel');
    },
  };
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** An unsigned token shaped like the Auth emulator's (alg none). */
export function unsignedToken(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
}

/**
 * A few Identity Toolkit endpoints, enough for the real `firebase/auth` to sign in with a custom
 * token and sign out (no Auth emulator runs in unit tests). The custom token is an unsigned JWT
 * `{ uid, claims }`; the ID tokens issued are unsigned like the Auth emulator's.
 */
export async function startIdentityStub(): Promise<{ url: string }> {
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, string>;
    const url = req.url ?? '';
    const reply = (status: number, data: object) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
      res.end(JSON.stringify(data));
    };
    const claimsOf = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
        string,
        unknown
      >;
    if (url.includes('accounts:signInWithCustomToken')) {
      const custom = claimsOf(body.token ?? '') as { uid: string; claims?: Record<string, unknown> };
      const iat = Math.floor(Date.now() / 1000);
      const idToken = unsignedToken({
        iss: 'https://securetoken.google.com/demo-kring',
        aud: 'demo-kring',
        iat,
        exp: iat + 3600,
        auth_time: iat,
        sub: custom.uid,
        user_id: custom.uid,
        firebase: { sign_in_provider: 'custom', identities: {} },
        ...custom.claims,
      });
      return reply(200, {
        kind: 'identitytoolkit#VerifyCustomTokenResponse',
        idToken,
        refreshToken: `refresh-${custom.uid}`,
        expiresIn: '3600',
        isNewUser: false,
      });
    }
    if (url.includes('accounts:lookup')) {
      const claims = claimsOf(body.idToken ?? '');
      const now = String(Date.now());
      return reply(200, { users: [{ localId: claims.user_id, createdAt: now, lastLoginAt: now }] });
    }
    return reply(400, { error: { code: 400, message: 'UNSUPPORTED_IN_STUB' } });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  cleanups.push(
    () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
