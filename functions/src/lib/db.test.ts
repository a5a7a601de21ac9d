import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDb, getDb } from './db.ts';

const databaseUrl = process.env.DATABASE_URL;

describe('the shared database pool', () => {
  afterEach(async () => {
    process.env.DATABASE_URL = databaseUrl;
    await closeDb();
  });

  it('tries again after a failed connect instead of failing every later call on the instance', async () => {
    await closeDb();
    // The pool cannot be made (as when the Cloud SQL connector cannot reach the admin API).
    process.env.DATABASE_URL = '';
    await expect(getDb()).rejects.toThrow(/No database configured/);
    // The cause is gone: the next call connects.
    process.env.DATABASE_URL = databaseUrl;
    const db = await getDb();
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(rows).toEqual([{ one: 1 }]);
  });
});
