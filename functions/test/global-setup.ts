import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../tools/auth-emulator/start.ts';
import { givenOrEmbeddedDatabase } from '../../tools/postgres/given-or-embedded.ts';
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

/** TEST_DATABASE_URL (CI: Debian's PostgreSQL) gets a fresh public schema; otherwise an in-memory PGlite. */
const startDatabase = () => givenOrEmbeddedDatabase(process.env.TEST_DATABASE_URL);

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
