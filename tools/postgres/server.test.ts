import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastReadyStatus, type PostgresServer, startPostgresServer } from './server.ts';

let server: PostgresServer;
let pool: pg.Pool;
const dataDir = mkdtempSync(join(tmpdir(), 'kring-pg-'));

beforeAll(async () => {
  server = await startPostgresServer({ dataDir });
  pool = new pg.Pool({ connectionString: server.url, max: 10 });
  await pool.query('CREATE TABLE counter (id int PRIMARY KEY, n int NOT NULL)');
  await pool.query('CREATE TABLE item (id serial PRIMARY KEY, owner int NOT NULL, label text NOT NULL)');
});

afterAll(async () => {
  await pool?.end();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('embedded Postgres server', () => {
  it('keeps 20 concurrent transactions apart, rolled-back ones leave no trace', async () => {
    await pool.query('INSERT INTO counter VALUES (1, 0)');
    const run = async (i: number) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const { rows } = await client.query<{ n: number }>(
          'SELECT n FROM counter WHERE id = $1 FOR UPDATE',
          [1],
        );
        await client.query('UPDATE counter SET n = $1 WHERE id = $2', [rows[0]!.n + 1, 1]);
        await client.query(i % 4 === 0 ? 'ROLLBACK' : 'COMMIT');
      } finally {
        client.release();
      }
    };
    await Promise.all(Array.from({ length: 20 }, (_, i) => run(i)));
    const { rows } = await pool.query<{ n: number }>('SELECT n FROM counter WHERE id = 1');
    expect(rows[0]!.n).toBe(15);
  });

  it('gives every connection its own results for parameterised statements sent at once', async () => {
    const clients = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const c = new pg.Client({ connectionString: server.url });
        await c.connect();
        return c;
      }),
    );
    try {
      await Promise.all(
        clients.map(async (c, owner) => {
          for (let k = 0; k < 25; k++) {
            const inserted = await c.query<{ owner: number; label: string }>(
              'INSERT INTO item (owner, label) VALUES ($1, $2) RETURNING owner, label',
              [owner, `o${owner}-${k}`],
            );
            expect(inserted.rows).toEqual([{ owner, label: `o${owner}-${k}` }]);
            const mine = await c.query<{ count: string }>('SELECT count(*) FROM item WHERE owner = $1', [
              owner,
            ]);
            expect(Number(mine.rows[0]!.count)).toBe(k + 1);
          }
        }),
      );
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
    const { rows } = await pool.query<{ owner: number; count: string }>(
      'SELECT owner, count(*) FROM item GROUP BY owner ORDER BY owner',
    );
    expect(rows.map((r) => Number(r.count))).toEqual([25, 25, 25, 25, 25, 25]);
  });

  it('rolls back a client that disconnects in the middle of a transaction, and serves the others', async () => {
    const dropped = new pg.Client({ connectionString: server.url });
    await dropped.connect();
    dropped.on('error', () => {});
    await dropped.query('BEGIN');
    await dropped.query('INSERT INTO item (owner, label) VALUES ($1, $2)', [99, 'half-written']);
    // While it holds the session, another connection's query waits instead of joining its transaction.
    const waiting = pool.query<{ count: string }>('SELECT count(*) FROM item WHERE owner = 99');
    (dropped as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    const { rows } = await waiting;
    expect(Number(rows[0]!.count)).toBe(0);
  });

  it('reports a failed statement to its own client only', async () => {
    await expect(pool.query('SELECT * FROM no_such_table WHERE id = $1', [1])).rejects.toThrow(
      /no_such_table/,
    );
    const { rows } = await pool.query<{ one: number }>('SELECT $1::int AS one', [1]);
    expect(rows[0]!.one).toBe(1);
  });

  it('keeps named prepared statements per connection, as a PostgreSQL server does', async () => {
    const clients = [new pg.Client(server.url), new pg.Client(server.url)];
    await Promise.all(clients.map((c) => c.connect()));
    const [a, b] = clients as [pg.Client, pg.Client];
    const asked = (c: pg.Client, text: string) => c.query({ name: 'same', text, values: [2] });
    expect((await asked(a, 'select $1::int + 1 as n')).rows).toEqual([{ n: 3 }]);
    // The same name on another connection is another statement, not "already exists".
    expect((await asked(b, 'select $1::int * 10 as n')).rows).toEqual([{ n: 20 }]);
    expect((await asked(a, 'select $1::int + 1 as n')).rows).toEqual([{ n: 3 }]);
    await b.query('DEALLOCATE same');
    expect((await asked(a, 'select $1::int + 1 as n')).rows).toEqual([{ n: 3 }]);
    await a.end();
    const names = async () => (await b.query('select name from pg_prepared_statements')).rows.length;
    // A closed connection's statements are deallocated once the session is free.
    await expect.poll(names).toBe(0);
    await b.end();
  });

  it('keeps SQL PREPARE, EXECUTE and DEALLOCATE per connection too', async () => {
    const clients = [new pg.Client(server.url), new pg.Client(server.url)];
    await Promise.all(clients.map((c) => c.connect()));
    const [a, b] = clients as [pg.Client, pg.Client];
    await a.query('PREPARE Plus AS select $1::int + 1 as n');
    await b.query('PREPARE plus AS select $1::int * 10 as n');
    expect((await a.query('EXECUTE plus(2)')).rows).toEqual([{ n: 3 }]);
    expect((await b.query('EXECUTE "plus" (2)')).rows).toEqual([{ n: 20 }]);
    await a.query('DEALLOCATE PLUS');
    await expect(a.query('EXECUTE plus(2)')).rejects.toMatchObject({ code: '26000' });
    expect((await b.query('EXECUTE plus(2)')).rows).toEqual([{ n: 20 }]);
    await Promise.all(clients.map((c) => c.end()));
  });

  it('keeps committed rows across a restart', async () => {
    await pool.query('INSERT INTO item (owner, label) VALUES ($1, $2)', [7, 'blijft bewaard']);
    await pool.end();
    await server.close();
    server = await startPostgresServer({ dataDir });
    pool = new pg.Pool({ connectionString: server.url, max: 3 });
    const { rows } = await pool.query<{ label: string }>('SELECT label FROM item WHERE owner = 7');
    expect(rows).toEqual([{ label: 'blijft bewaard' }]);
  });
});

describe('lastReadyStatus', () => {
  it('finds the status of the last ReadyForQuery in a message stream', () => {
    const ready = (s: string) => Buffer.from([0x5a, 0, 0, 0, 5, s.charCodeAt(0)]);
    const commandComplete = Buffer.from([0x43, 0, 0, 0, 9, 0x42, 0x45, 0x47, 0x49, 0x4e]);
    expect(lastReadyStatus(Buffer.concat([commandComplete, ready('T')]))).toBe('T');
    expect(lastReadyStatus(Buffer.concat([ready('T'), commandComplete, ready('I')]))).toBe('I');
    expect(lastReadyStatus(commandComplete)).toBeNull();
  });
});
