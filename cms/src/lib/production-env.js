'use strict';

/**
 * Settings that have a local demo value (committed in .env.example and built into config/*.js) and
 * must come from the environment in production. With NODE_ENV=production, Strapi refuses to start
 * while any is missing or still holds a local demo value (they all start with `kring-local-`), and
 * names every one at once.
 *
 * JWT_SECRET is not listed: it belongs to the users-permissions plugin, which this project does not
 * install (no public sign-up, no public role).
 */
const REQUIRED_IN_PRODUCTION = [
  'APP_KEYS',
  'API_TOKEN_SALT',
  'ADMIN_JWT_SECRET',
  'TRANSFER_TOKEN_SALT',
  'ENCRYPTION_KEY',
  'CMS_API_TOKEN',
  'CMS_WEBHOOK_SECRET',
];

const isProduction = () => process.env.NODE_ENV === 'production';

/**
 * `strapi build` (the admin panel bundle, in the container image build) loads the config too, but
 * serves nothing and must not need the secrets: they are set on the Cloud Run service, never baked
 * into the image.
 */
const isAdminBuild = () => /[\\/]strapi\.js$/.test(process.argv[1] ?? '') && process.argv[2] === 'build';

function assertProductionEnv(env = process.env) {
  if (!isProduction() || isAdminBuild()) return;
  const problems = [];
  for (const name of REQUIRED_IN_PRODUCTION) {
    const value = (env[name] ?? '').trim();
    if (!value) problems.push(`${name} is not set`);
    else if (value.split(',').some((part) => part.trim().startsWith('kring-local-')))
      problems.push(`${name} holds the local demo value`);
  }
  // Cloud Run's disk is in memory and per instance: a SQLite file or local uploads vanish at restart.
  if ((env.DATABASE_CLIENT ?? 'sqlite') !== 'postgres') problems.push('DATABASE_CLIENT is not postgres');
  if (!(env.GCS_BUCKET_NAME ?? '').trim()) problems.push('GCS_BUCKET_NAME (media bucket) is not set');
  // Without it the bootstrap removes the search webhook (src/index.js) and the site's search of
  // kennisbank articles goes stale without a sign.
  if (!(env.KRING_SEARCH_WEBHOOK_URL ?? '').trim())
    problems.push('KRING_SEARCH_WEBHOOK_URL is not set (https://<domain>/web/cms/webhook)');
  if (problems.length > 0) {
    throw new Error(
      `[kring] NODE_ENV=production and ${problems.join(', ')}. Set real secrets (e.g. openssl rand -base64 32; ` +
        'APP_KEYS is a comma-separated list of at least two), the database, the bucket and the search webhook; ' +
        'see cms/README.md "Production".',
    );
  }
}

/**
 * Whether the bootstrap may fill empty content types with the Dutch starter content (cms/seed). Always
 * locally; in production only when CMS_SEED_CONTENT=true (a rehearsal or staging project): the seed's
 * articles, events and podcasts are examples, and a live site must not publish them by itself.
 */
function seedAllowed(env = process.env) {
  if (env.NODE_ENV !== 'production') return true;
  return (env.CMS_SEED_CONTENT ?? '').trim() === 'true';
}

/** The env value, or the local demo default outside production (assertProductionEnv ran first). */
function secret(env, name, localDefault) {
  assertProductionEnv();
  return isProduction() ? env(name) : env(name, localDefault);
}

module.exports = { REQUIRED_IN_PRODUCTION, assertProductionEnv, isProduction, secret, seedAllowed };
