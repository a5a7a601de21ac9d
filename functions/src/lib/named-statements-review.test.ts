import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from './db.ts';
import { namingClient, statementName } from './named-statements.ts';

const url = process.env.DATABASE_URL;
const table = 'named_statements_review';
let admin: pg.Client;

const namingPool = (limit?: number) =>
  new pg.Pool({ connectionString: url, max: 1, Client: namingClient(limit) });

beforeAll(async () => {
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(
    `drop table if exists ${table}; create table ${table} (id int primary key, tags text[], doc jsonb)`,
  );
});

afterAll(async () => {
  await admin.query(`drop table if exists ${table}`);
  await admin.end();
});

describe('named statements keep pg semantics (review)', () => {
  it('runs queries in the order they were issued on one client, as pg queues them', async () => {
    const pool = namingPool();
    const client = await pool.connect();
    const issued = [
      client.query('begin'),
      client.query(`insert into ${table} (id) values ($1)`, [10]),
      client.query('rollback'),
    ];
    await Promise.all(issued);
    client.release();
    await pool.end();
    const { rows } = await admin.query(`select id from ${table} where id = 10`);
    expect(rows).toEqual([]);
  });

  it('a statement queued on the client survives the eviction of its name by a later one', async () => {
    const pool = namingPool(1);
    const client = await pool.connect();
    const a = `select id from ${table} where id = $1`;
    const b = `select id from ${table} where id = $1 or id = $1`;
    await client.query(a, [1]);
    // The client is busy (a row lock held elsewhere) while both are queued behind it.
    await admin.query(`insert into ${table} (id) values (20)`);
    await admin.query('begin');
    await admin.query(`select id from ${table} where id = 20 for update`);
    const busy = client.query(`update ${table} set tags = '{}' where id = 20`);
    const first = client.query(a, [1]);
    await new Promise((r) => setImmediate(r));
    const second = client.query(b, [1]);
    await admin.query('commit');
    const codes = await Promise.all(
      [busy, first, second].map((p) =>
        p.then(
          () => 'ok',
          (e: { code?: string }) => e.code,
        ),
      ),
    );
    client.release();
    await pool.end();
    await admin.query(`delete from ${table} where id = 20`);
    expect(codes).toEqual(['ok', 'ok', 'ok']);
  });

  it('the same text with values of different JS types answers as an unnamed statement does', async () => {
    await admin.query(`insert into ${table} values (1, '{a,b}', '{"x":1}') on conflict do nothing`);
    const text = `select id, $1::text as echo, tags @> $2 as has, doc->$3 as v from ${table} where id = any($4)`;
    const runs: unknown[][] = [
      ['s', ['a'], 'x', [1]],
      [5, ['b'], 'x', ['1']],
      [null, [], 'y', [1, 2]],
      [true, ['z'], 'x', []],
    ];
    const plain = new pg.Pool({ connectionString: url, max: 1 });
    const pool = namingPool();
    for (const values of runs) {
      const want = await plain.query(text, values).then(
        (r) => r.rows,
        (e) => e.code,
      );
      const got = await pool.query(text, values).then(
        (r) => r.rows,
        (e) => e.code,
      );
      expect(got).toEqual(want);
    }
    await plain.end();
    await pool.end();
  });

  it('a statement whose Parse failed is parsed again on the next call', async () => {
    const pool = namingPool();
    const text = `select later from ${table} where id = $1`;
    await expect(pool.query(text, [1])).rejects.toMatchObject({ code: '42703' });
    await admin.query(`alter table ${table} add column later int default 7`);
    expect((await pool.query(text, [1])).rows).toEqual([{ later: 7 }]);
    await admin.query(`alter table ${table} drop column later`);
    await pool.end();
  });

  it('eviction while the transaction is aborted does not break the next statement', async () => {
    const pool = namingPool(1);
    const client = await pool.connect();
    await client.query(`select id from ${table} where id = $1`, [1]);
    await client.query('begin');
    await expect(client.query(`insert into ${table} (id) values ($1)`, [1])).rejects.toBeDefined();
    await expect(client.query(`select id from ${table} where id = $1 or id = $1`, [1])).rejects.toMatchObject(
      { code: '25P02' },
    );
    await client.query('rollback');
    expect((await client.query(`select id from ${table} where id = $1 or id = $1`, [1])).rows).toEqual([
      { id: 1 },
    ]);
    expect((await client.query(`select id from ${table} where id = $1`, [1])).rows).toEqual([{ id: 1 }]);
    client.release();
    await pool.end();
  });
});

describe('NAMED_STATEMENTS=off (review)', () => {
  it("also sends createDb's statements unnamed (scripts, benchmarks; a pooler in transaction mode)", async () => {
    const before = process.env.NAMED_STATEMENTS;
    process.env.NAMED_STATEMENTS = 'off';
    const db = createDb(url ?? '', 1);
    try {
      const names = await db.connection().execute(async (c) => {
        await sql`select ${1}::int as review_off`.execute(c);
        return (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(c)).rows;
      });
      expect(names.map((r) => r.name.replace(/^c\d+_/, ''))).not.toContain(
        statementName('select $1::int as review_off'),
      );
    } finally {
      await db.destroy();
      if (before === undefined) delete process.env.NAMED_STATEMENTS;
      else process.env.NAMED_STATEMENTS = before;
    }
  });
});
