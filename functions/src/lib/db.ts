import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrationProvider } from '../../migrations/index.ts';
import type { Database } from '../db/schema.ts';
import { config } from './config.ts';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** What repos take: the pool-backed Db, or a transaction a handler opened. */
export type Conn = Db | Tx;

// bigint ids and counts arrive as strings by default; every id here stays below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
// A `date` column is a calendar day, not an instant: keep 'YYYY-MM-DD'.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

let dbPromise: Promise<Db> | undefined;

async function createPool(): Promise<pg.Pool> {
  const max = config.dbPoolMax();
  const cloudSql = config.cloudSql();
  if (cloudSql) {
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
      max,
    });
  }
  const url = config.databaseUrl();
  if (!url) throw new Error('No database configured: set DATABASE_URL or CLOUD_SQL_INSTANCE');
  return new pg.Pool({ connectionString: url, max });
}

/** The shared Kysely instance, created on first use. */
export function getDb(): Promise<Db> {
  dbPromise ??= createPool().then((pool) => new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }));
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
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString, max }) }),
  });
}

/** Brings the schema up to the newest migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error)
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
