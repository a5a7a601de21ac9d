import { limits } from '@kring/contract';

/**
 * The only reader of environment variables and secrets. Values are read when asked for, so tests and
 * the emulator can set them before first use. Production sets them as function params/secrets.
 */
const env = (name: string): string | undefined => {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
};

export const config = {
  projectId: () => env('GCLOUD_PROJECT') ?? env('FIREBASE_PROJECT_ID') ?? 'demo-kring',
  isEmulator: () => env('FUNCTIONS_EMULATOR') === 'true' || env('FIREBASE_AUTH_EMULATOR_HOST') !== undefined,
  /** A plain Postgres URL (local PGlite server, Debian's Postgres, or any server). */
  databaseUrl: () => env('DATABASE_URL'),
  /** Cloud SQL through the connector, used only when an instance is named. */
  cloudSql: () => {
    const instance = env('CLOUD_SQL_INSTANCE');
    if (!instance) return undefined;
    return {
      instance,
      user: env('CLOUD_SQL_USER') ?? 'kring',
      password: env('CLOUD_SQL_PASSWORD'),
      database: env('CLOUD_SQL_DATABASE') ?? 'kring',
      ipType: (env('CLOUD_SQL_IP_TYPE') ?? 'PUBLIC') as 'PUBLIC' | 'PRIVATE' | 'PSC',
      iamAuth: env('CLOUD_SQL_IAM_AUTH') === 'true',
    };
  },
  dbPoolMax: () => Number(env('DB_POOL_MAX') ?? 5),
  storageBucket: () => env('STORAGE_BUCKET') ?? `${config.projectId()}.appspot.com`,
  /** Base of public file URLs; the Storage emulator's when it runs. */
  storagePublicBase: () => {
    const emulator = env('STORAGE_EMULATOR_HOST') ?? env('FIREBASE_STORAGE_EMULATOR_HOST');
    if (emulator) return `${emulator.startsWith('http') ? emulator : `http://${emulator}`}/v0/b`;
    return 'https://firebasestorage.googleapis.com/v0/b';
  },
  databaseURL: () =>
    env('RTDB_URL') ?? `https://${config.projectId()}-default-rtdb.europe-west1.firebasedatabase.app`,
  /** Where the site is reached by members (used in redirect and webhook URLs). */
  publicBaseUrl: () => env('PUBLIC_BASE_URL') ?? 'http://127.0.0.1:5000',
  webhookBaseUrl: () => env('WEBHOOK_BASE_URL') ?? env('PUBLIC_BASE_URL') ?? 'http://127.0.0.1:5000',
  mollie: () => ({
    apiKey: env('MOLLIE_API_KEY') ?? 'test_KringSandboxTestKey00000000000',
    apiEndpoint: env('MOLLIE_API_ENDPOINT'),
    caCertPath: env('MOLLIE_CA_CERT'),
  }),
  price: () => ({
    value: env('MEMBERSHIP_PRICE') ?? '9.95',
    currency: env('MEMBERSHIP_CURRENCY') ?? 'EUR',
    interval: env('MEMBERSHIP_INTERVAL') ?? '1 month',
    description: env('MEMBERSHIP_DESCRIPTION') ?? 'Lidmaatschap Kring',
  }),
  /** Days a member keeps access after a failed renewal before the membership expires. */
  graceDays: () => Number(env('MEMBERSHIP_GRACE_DAYS') ?? 7),
  cms: () => ({
    url: env('CMS_URL') ?? 'http://127.0.0.1:1337',
    token: env('CMS_API_TOKEN') ?? '',
  }),
  /** Public calls answered from memory for their contract's cacheSeconds; the functions tests turn it off. */
  publicCallCacheEnabled: () => env('PUBLIC_CALL_CACHE') !== 'off',
  /** How long the site function reuses a CMS answer when rendering pages (docs/architecture.md). */
  siteContentTtlSeconds: () => Number(env('SITE_CONTENT_TTL_SECONDS') ?? 30),
  /** Where the server render (web's `vite build --ssr`) lives; next to the functions bundle by default. */
  siteRendererDir: () => env('SITE_RENDERER_DIR'),
  smtp: () => ({
    host: env('SMTP_HOST') ?? '127.0.0.1',
    port: Number(env('SMTP_PORT') ?? 1025),
    user: env('SMTP_USER'),
    password: env('SMTP_PASSWORD'),
    from: env('MAIL_FROM') ?? 'Kring <noreply@kring.local>',
  }),
  /**
   * The key that signs the unsubscribe tokens in mails (HMAC-SHA256). Production sets it as a secret;
   * the emulator, the local stack and the tests use a fixed demo value, never a real one.
   */
  mailTokenSecret: () => {
    const secret = env('MAIL_TOKEN_SECRET');
    if (secret) return secret;
    if (config.isEmulator() || env('NODE_ENV') === 'test' || env('VITEST') === 'true') {
      return 'kring-local-demo-mail-token-secret-not-for-production';
    }
    throw new Error('MAIL_TOKEN_SECRET is not set');
  },
  /**
   * Where the weekly digest's batches go: Cloud Tasks in production and wherever the Tasks emulator
   * runs (CLOUD_TASKS_EMULATOR_HOST, set by firebase-tools in the local stack's functions); in tests
   * and a functions emulator without it, the batches run one after another in the same call.
   */
  taskQueue: (): 'cloud-tasks' | 'inline' =>
    env('CLOUD_TASKS_EMULATOR_HOST') || (!config.isEmulator() && env('VITEST') !== 'true')
      ? 'cloud-tasks'
      : 'inline',
  /**
   * Length of a notification-mail period in seconds: a member gets at most one notification mail per
   * period (docs/mail.md). 15 minutes; the browser journeys shorten it.
   */
  notificationMailPeriodSeconds: () => Number(env('MAIL_NOTIFICATION_PERIOD_SECONDS') ?? 900),
  /**
   * The shared secret Strapi sends in `Authorization: Bearer …` on its webhook to the search index.
   * Production sets it as a secret (and the same value in the CMS's CMS_WEBHOOK_SECRET); the
   * emulator, the local stack and the tests use a fixed demo value.
   */
  cmsWebhookSecret: () => {
    const secret = env('CMS_WEBHOOK_SECRET');
    if (secret) return secret;
    if (config.isEmulator() || env('NODE_ENV') === 'test' || env('VITEST') === 'true') {
      return 'kring-local-demo-cms-webhook-secret';
    }
    throw new Error('CMS_WEBHOOK_SECRET is not set');
  },
  /** Per-caller rate limits of the contract; `off` only in test harnesses that drive one user hard. */
  rateLimitsEnabled: () => env('RATE_LIMITS') !== 'off',
  logLevel: () => env('LOG_LEVEL') ?? 'info',
  /** Seconds a sign-in stays "recent" for calls with `session: 'recent'` (the contract's default: 300). */
  recentSignInSeconds: () => Number(env('RECENT_SIGN_IN_SECONDS') ?? limits.recentSignInSeconds),
  /** Months after a membership ended before its personal details are removed (docs/privacy.md). */
  retentionMonths: () => Number(env('MEMBERSHIP_RETENTION_MONTHS') ?? 24),
};
