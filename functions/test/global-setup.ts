import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startPostgresServer } from '../../tools/postgres/server.ts';
import { startRtdbServer } from '../../tools/rtdb/server.ts';
import { startStorageServer } from '../../tools/storage/server.ts';
import { createDb, migrateToLatest } from '../src/lib/db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    authEmulatorHost: string;
    rtdbHost: string;
    storageUrl: string;
  }
}

const root = resolve(import.meta.dirname, '../..');

export const freePort = () =>
  new Promise<number>((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

/** TEST_DATABASE_URL (CI: Debian's PostgreSQL) gets a fresh public schema; otherwise an in-memory PGlite. */
async function startDatabase() {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    const client = new pg.Client({ connectionString: given });
    await client.connect();
    await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
    await client.end();
    return { url: given, close: async () => {} };
  }
  const server = await startPostgresServer({});
  return { url: server.url, close: () => server.close() };
}

/** The real Auth emulator from firebase-tools, on a free port with a config of its own. */
async function startAuthEmulator() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'kring-auth-'));
  writeFileSync(
    join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        ui: { enabled: false },
        hub: { port: await freePort() },
        logging: { port: await freePort() },
      },
    }),
  );
  const child = spawn(
    join(root, 'node_modules/.bin/firebase'),
    ['emulators:start', '--only', 'auth', '--project', 'demo-kring', '--config', join(dir, 'firebase.json')],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FIREBASE_CLI_EXPERIMENTS: '' } },
  );
  let output = '';
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`Auth emulator did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('All emulators ready')) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`Auth emulator exited (${code}):\n${output}`));
    });
  });
  return {
    host: `127.0.0.1:${port}`,
    close: async () => {
      child.removeAllListeners('exit');
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGINT');
      await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject) {
  const storageDir = mkdtempSync(join(tmpdir(), 'kring-storage-'));
  const [database, auth, rtdb, storage] = await Promise.all([
    startDatabase(),
    startAuthEmulator(),
    startRtdbServer({ port: 0, rulesPath: join(root, 'database.rules.json') }),
    startStorageServer({ port: 0, dataDir: storageDir }),
  ]);
  const db = createDb(database.url);
  await migrateToLatest(db);
  await db.destroy();
  project.provide('databaseUrl', database.url);
  project.provide('authEmulatorHost', auth.host);
  // Every test file gets the stand-ins, so no write ever goes looking for production hosts.
  project.provide('rtdbHost', `127.0.0.1:${rtdb.port}`);
  project.provide('storageUrl', storage.url);
  return async () => {
    await Promise.all([auth.close(), rtdb.close(), storage.close()]);
    await database.close();
    rmSync(storageDir, { recursive: true, force: true });
  };
}
