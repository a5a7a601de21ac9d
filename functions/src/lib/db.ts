import { Kysely, PostgresDialect, type RawBuilder, sql, type Transaction } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrationProvider } from '../../migrations/index.ts';
import type { Database } from '../db/schema.ts';
import { config } from './config.ts';
import { connectionWaitMillis, idleConnectionMillis } from './connection-budget.ts';
import { logs } from './logs.ts';
import { namingClient } from './named-statements.ts';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** What repos take: the pool-backed Db, or a transaction a handler opened. */
export type Conn = Db | Tx;

/** A timestamp as text with all six fractional digits, so keyset cursors compare exactly. */
export const timestampText = (column: RawBuilder<unknown> | string): RawBuilder<string> =>
  sql<string>`to_char(${typeof column === 'string' ? sql.ref(column) : column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

// bigint ids and counts arrive as strings by default; every id here stays below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
// A `date` column is a calendar day, not an instant: keep 'YYYY-MM-DD'.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

let dbPromise: Promise<Db> | undefined;

/**
 * A function's pool: a bounded wait for a connection, idle ones closed (connection-budget.ts). The local
 * stack and the tests wait longer: PGlite runs one transaction at a time, and a busy machine is slow.
 */
const poolLimits = (max: number) => ({
  max,
  Client: config.namedStatements() ? namingClient() : pg.Client,
  connectionTimeoutMillis: config.isProduction() ? connectionWaitMillis : 60_000,
  idleTimeoutMillis: idleConnectionMillis,
});

/**
 * A pooled connection that breaks while idle (a Cloud SQL failover or maintenance restart, a network
 * blip) makes the pool emit 'error'; with no listener Node throws it and the instance dies with every
 * request in flight. The pool has already dropped that connection: log it, the next query opens a new one.
 */
const withErrorListener = (pool: pg.Pool): pg.Pool =>
  pool.on('error', (error) => logs.warn('database: an idle pooled connection failed', { error }));

async function createPool(): Promise<pg.Pool> {
  return withErrorListener(await newPool());
}

async function newPool(): Promise<pg.Pool> {
  const max = config.dbPoolMax();
  if (max < 1) throw new Error('This function has no database connections in lib/connection-budget.ts');
  const url = config.databaseUrl();
  if (url) return new pg.Pool({ connectionString: url, ...poolLimits(max) });
  const cloudSql = config.cloudSql();
  if (!cloudSql) throw new Error('No database configured: set DATABASE_URL or CLOUD_SQL_INSTANCE');
  // Imported only here so local runs never load the connector.
  const { Connector, IpAddressTypes, AuthTypes } = await import('@google-cloud/cloud-sql-connector');
  const connector = new Connector();
  const options = await connector.getOptions({
    instanceConnectionName: cloudSql.instance,
    ipType: IpAddressTypes[cloudSql.ipType],
    ...(cloudSql.iamAuth ? { authType: AuthTypes.IAM } : {}),
  });
  return new pg.Pool({
    ...options,
    user: cloudSql.user,
    password: cloudSql.password,
    database: cloudSql.database,
    ...poolLimits(max),
  });
}

/**
 * The shared Kysely instance, created on first use. A failed creation (the connector could not reach
 * Cloud SQL's admin API, a setting was missing) is not kept: the next call tries again.
 */
export function getDb(): Promise<Db> {
  if (!dbPromise) {
    const created = createPool().then(
      (pool) => new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
    );
    dbPromise = created;
    created.catch(() => {
      if (dbPromise === created) dbPromise = undefined;
    });
  }
  return dbPromise;
}

/** Closes the shared pool (tests and scripts). */
export async function closeDb(): Promise<void> {
  const current = dbPromise;
  dbPromise = undefined;
  if (current) await (await current).destroy();
}

export function createDb(connectionString: string, max = 5): Db {
  return new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({
        connectionString,
        max,
        Client: config.namedStatements() ? namingClient() : pg.Client,
      }),
    }),
  });
}

/** Brings the schema up to the newest migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  // Unordered: migrations written on parallel branches (0012 merged after 0014) still apply to a
  // database that already ran the later number, instead of refusing to start ("corrupted migrations").
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error)
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
