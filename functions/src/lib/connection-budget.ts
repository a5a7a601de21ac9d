/**
 * Database connections within the Cloud SQL tier's budget, in one place: the tier, a reserve, and for
 * every function its instance cap (maxInstances, used by the function's options) and its pool size per
 * instance (used by lib/db.ts). `connectionBudget.test.ts` fails when the sum of pool × instances passes
 * the tier's max_connections minus the reserve; the deploy rehearsal checks the deployed manifest's caps
 * against this table. docs/deploy-settings.md has the table for other tiers.
 */

/** The functions Kring deploys (functions/src/index.ts exports exactly these). */
export const functionNames = [
  'web',
  'site',
  'liftSuspensionsJob',
  'mailNotificationsJob',
  'weeklyDigestJob',
  'digestBatchTask',
  'retentionJob',
  'sweepUploadsJob',
  'expireMembershipsJob',
] as const;
export type FunctionName = (typeof functionNames)[number];

/**
 * The Cloud SQL tier this budget is made for. max_connections is Cloud SQL's default for the tier's
 * memory (db-g1-small, 1.7 GB: 50); 3 of them are reserved for superusers by PostgreSQL itself.
 */
export const cloudSqlTier = { name: 'db-g1-small', maxConnections: 50 } as const;

/**
 * Kept free: PostgreSQL's superuser_reserved_connections (3), migrations and admin scripts
 * (scripts/migrate.ts, set-role.ts: 2), Cloud SQL Studio or psql by an operator (2), and the overlap of
 * a new revision starting while the old one still holds its pools during a deploy (3).
 */
export const reservedConnections = 10;

/** How long a query waits for a free pooled connection (or a new one) before it fails. */
export const connectionWaitMillis = 5_000;
/** An idle pooled connection is closed after this long (instances sleep between bursts). */
export const idleConnectionMillis = 30_000;

interface FunctionBudget {
  /** Instance cap of the function (its maxInstances). */
  maxInstances: number;
  /** Connections per instance (the pg pool's max); 0: the function never opens the database. */
  pool: number;
}

export const functionBudget: Record<FunctionName, FunctionBudget> = {
  // 6 instances × concurrency 40: 240 requests at once share 18 connections (a request holds one for
  // a few milliseconds; the rest wait at most connectionWaitMillis).
  web: { maxInstances: 6, pool: 3 },
  // Pages and the sitemap come from the CMS: no database.
  site: { maxInstances: 10, pool: 0 },
  // Scheduled jobs: one run at a time, one connection each.
  liftSuspensionsJob: { maxInstances: 1, pool: 1 },
  mailNotificationsJob: { maxInstances: 1, pool: 1 },
  weeklyDigestJob: { maxInstances: 1, pool: 1 },
  retentionJob: { maxInstances: 1, pool: 1 },
  sweepUploadsJob: { maxInstances: 1, pool: 1 },
  expireMembershipsJob: { maxInstances: 1, pool: 1 },
  // The queue dispatches at most 5 batches at once (its rateLimits in mail/scheduled.ts).
  digestBatchTask: { maxInstances: 5, pool: 1 },
};

/**
 * The other client of the same Cloud SQL instance: the CMS (Strapi on Cloud Run with its own database
 * on the instance). cms/README.md deploys it with `--max-instances 2`; cms/config/database.js pools
 * DATABASE_POOL_MAX (5) connections per instance. Change them there and here together.
 */
export const cmsBudget: FunctionBudget = { maxInstances: 2, pool: 5 };

/** Connections all instances of all functions and of the CMS can hold at once. */
export const connectionsAtMost = (): number =>
  [...Object.values(functionBudget), cmsBudget].reduce((sum, f) => sum + f.maxInstances * f.pool, 0);

/** The connections the budget may use: the tier's max_connections minus the reserve. */
export const connectionsAllowed = (): number => cloudSqlTier.maxConnections - reservedConnections;
