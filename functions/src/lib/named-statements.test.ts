import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, getDb } from './db.ts';
import { namingClient, statementName } from './named-statements.ts';

const url = process.env.DATABASE_URL;
const table = 'named_statements_probe';
let admin: pg.Client;

/** One connection that names statements (limit: names kept), so every statement lands on it. */
const namingPool = (limit?: number) =>
  new pg.Pool({ connectionString: url, max: 1, Client: namingClient(limit) });

/**
 * Which of these texts' names the server holds. On PGlite (one session for every connection) the
 * wire server prefixes each connection's names (tools/postgres/statement-names.ts).
 */
const preparedNames = async (pool: pg.Pool, texts: string[]): Promise<string[]> => {
  const { rows } = await pool.query<{ name: string }>('select name from pg_prepared_statements');
  const held = rows.map((r) => r.name.replace(/^c\d+_/, ''));
  return texts
    .map(statementName)
    .filter((name) => held.includes(name))
    .sort();
};

const codeOf = (run: Promise<unknown>) =>
  run.then(
    () => 'ok',
    (error: { code?: string }) => error.code,
  );

beforeAll(async () => {
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop table if exists ${table}; create table ${table} (id int primary key)`);
  await admin.query(`insert into ${table} values (1), (2)`);
});

afterAll(async () => {
  await admin.query(`drop table if exists ${table}`);
  await admin.end();
  await closeDb();
});

describe('named prepared statements (lib/named-statements.ts)', () => {
  it('prepares a statement once per connection and reuses it', async () => {
    const pool = namingPool();
    const text = `select id from ${table} where id = $1`;
    expect((await pool.query(text, [1])).rows).toEqual([{ id: 1 }]);
    expect((await pool.query(text, [2])).rows).toEqual([{ id: 2 }]);
    expect(await preparedNames(pool, [text])).toEqual([statementName(text)]);
    await pool.end();
  });

  it("the shared pool's connections name their statements", async () => {
    const db = await getDb();
    const names = await db.connection().execute(async (c) => {
      await sql`select ${1}::int as one`.execute(c);
      return (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(c)).rows;
    });
    expect(names.map((r) => r.name.replace(/^c\d+_/, ''))).toContain(statementName('select $1::int as one'));
  });

  it('answers right after a migration changes the columns of a prepared select *', async () => {
    const text = `select * from ${table} where id = $1`;
    // The naive way (a name, nothing else) fails on the second run: the deploy case this handles.
    const naive = new pg.Client({ connectionString: url });
    await naive.connect();
    await naive.query({ name: 'naive', text, values: [1] });
    const pool = namingPool();
    expect((await pool.query(text, [1])).rows).toEqual([{ id: 1 }]);
    await admin.query(`alter table ${table} add column label text default 'a'`);
    await expect(naive.query({ name: 'naive', text, values: [1] })).rejects.toMatchObject({ code: '0A000' });
    await naive.end();
    expect((await pool.query(text, [1])).rows).toEqual([{ id: 1, label: 'a' }]);
    // Prepared anew on the next use, with the new columns.
    expect((await pool.query(text, [2])).rows).toEqual([{ id: 2, label: 'a' }]);
    expect(await preparedNames(pool, [text])).toEqual([statementName(text)]);
    await pool.end();
  });

  it('inside a transaction the stale statement fails the transaction once, then works again', async () => {
    const text = `select * from ${table} where id = $1`;
    const pool = namingPool();
    const client = await pool.connect();
    await client.query(text, [1]);
    await admin.query(`alter table ${table} add column note text default 'n'`);
    await client.query('begin');
    await expect(client.query(text, [1])).rejects.toMatchObject({ code: '0A000' });
    await client.query('rollback');
    await client.query('begin');
    const { rows } = await client.query(text, [1]);
    await client.query('commit');
    expect(rows[0]).toMatchObject({ id: 1, note: 'n' });
    client.release();
    await pool.end();
  });

  it('keeps at most its limit of names per connection', async () => {
    const pool = namingPool(3);
    const texts = [1, 2, 3, 4].map((n) => `select id from ${table} where id in (${'$1, '.repeat(n)}$1)`);
    for (const text of texts) expect((await pool.query(text, [1])).rows).toEqual([{ id: 1 }]);
    expect(await preparedNames(pool, texts)).toEqual(texts.slice(1).map(statementName).sort());
    // The evicted text is prepared again (and the least recently used goes).
    expect((await pool.query(texts[0] ?? '', [2])).rows).toEqual([{ id: 2 }]);
    expect(await preparedNames(pool, texts)).toEqual(
      [texts[0], texts[2], texts[3]].map((t) => statementName(t ?? '')).sort(),
    );
    await pool.end();
  });

  it('a failing statement inside a transaction fails and aborts it as an unnamed one does', async () => {
    const run = async (pool: pg.Pool) => {
      const client = await pool.connect();
      const insert = `insert into ${table} (id) values ($1)`;
      await client.query('begin');
      const codes = [
        await codeOf(client.query(insert, [1])),
        await codeOf(client.query(`select id from ${table} where id = $1`, [2])),
      ];
      await client.query('rollback');
      codes.push(await codeOf(client.query(`select id from ${table} where id = $1`, [2])));
      client.release();
      await pool.end();
      return codes;
    };
    const unnamed = await run(new pg.Pool({ connectionString: url, max: 1 }));
    expect(unnamed).toEqual(['23505', '25P02', 'ok']);
    expect(await run(namingPool())).toEqual(unnamed);
  });
});
