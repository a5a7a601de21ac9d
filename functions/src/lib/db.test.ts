import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
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

  it('survives a pooled connection dropped while idle (Cloud SQL maintenance) instead of crashing', async () => {
    // A TCP hop between the pool and the database whose connections can be cut, as a failover,
    // a maintenance restart or a network blip cuts them.
    const target = new URL(databaseUrl ?? '');
    const sockets = new Set<Socket>();
    const hop = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => hop.listen(0, '127.0.0.1', resolve));
    const viaHop = new URL(target);
    viaHop.hostname = '127.0.0.1';
    viaHop.port = String((hop.address() as AddressInfo).port);
    await closeDb();
    process.env.DATABASE_URL = viaHop.toString();
    // On Cloud Run an uncaught exception ends the instance and every request in flight on it.
    const crashes: unknown[] = [];
    const onCrash = (error: unknown) => crashes.push(error);
    process.on('uncaughtException', onCrash);
    try {
      const db = await getDb();
      await sql`select 1`.execute(db); // one connection, now idle in the pool
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(crashes.map(String)).toEqual([]);
      // The instance is still up, and the next query gets a new connection.
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', onCrash);
      await closeDb();
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => hop.close(resolve));
    }
  });
});
