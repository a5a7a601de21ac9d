import { limits } from '@kring/contract';
import { type FunctionName, functionBudget, functionNames } from './connection-budget.ts';
import { functionSecrets } from './secrets.ts';
import { requiredPlainNames, type SecretName, type SettingName, secretNames, settings } from './settings.ts';

/**
 * The only reader of environment variables and secrets. Values are read when asked for, so tests and
 * the emulator can set them before first use. Every name is declared in settings.ts.
 *
 * Two modes. Local (the functions emulator, the tests): a missing setting falls back to its `local`
 * demo value. Production (everything else): a required setting has no fallback: reading it throws, and
 * index.ts calls assertProductionReady() at a function's start, which refuses to start without them.
 */
const raw = (name: string): string | undefined => {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
};

/** Thrown for a setting production lacks, or a secret read by a function that does not bind it. */
export class SettingError extends Error {
  override name = 'SettingError';
}

const isLocal = () =>
  raw('FUNCTIONS_EMULATOR') === 'true' ||
  raw('FIREBASE_AUTH_EMULATOR_HOST') !== undefined ||
  raw('VITEST') === 'true' ||
  raw('NODE_ENV') === 'test';

/** The function this process serves (the platform and the emulator set FUNCTION_TARGET). */
const currentFunction = (): FunctionName | undefined => {
  const target = raw('FUNCTION_TARGET');
  return functionNames.find((name) => name === target);
};

/** Every secret read by a function, so the tests can see what a code path read. */
export const secretsRead = new Set<SecretName>();

function read(name: SettingName): string | undefined {
  const setting = settings[name];
  if (setting.kind === 'secret') {
    const secret = name as SecretName;
    secretsRead.add(secret);
    const fn = currentFunction();
    if (fn && !functionSecrets[fn].includes(secret)) {
      throw new SettingError(
        `The function ${fn} reads the secret ${name} but does not bind it (functionSecrets in lib/secrets.ts)`,
      );
    }
  }
  const value = raw(name);
  if (value !== undefined) return value;
  if ('default' in setting) return setting.default;
  if (isLocal()) return 'local' in setting ? setting.local : undefined;
  if (setting.production === 'required') {
    throw new SettingError(
      `${name} is not set: ${setting.about} (functions/.env.<projectId> or Secret Manager, docs/deploy-settings.md)`,
    );
  }
  return undefined;
}

const required = (name: SettingName): string => {
  const value = read(name);
  if (value === undefined) throw new SettingError(`${name} is not set`);
  return value;
};
const optional = (name: SettingName): string | undefined => read(name);
const int = (name: SettingName): number => {
  const value = Number(required(name));
  if (!Number.isInteger(value)) throw new SettingError(`${name} is not a whole number`);
  return value;
};

export const config = {
  projectId: () => raw('GCLOUD_PROJECT') ?? raw('FIREBASE_PROJECT_ID') ?? 'demo-kring',
  /** The local stack, the functions emulator or the tests: demo fallbacks are allowed. */
  isEmulator: isLocal,
  isProduction: () => !isLocal(),
  /** A plain Postgres URL (local PGlite server, Debian's Postgres, the rehearsal); wins over Cloud SQL. */
  databaseUrl: () => optional('DATABASE_URL'),
  /** Cloud SQL through the connector (production). */
  cloudSql: () => {
    const instance = isLocal() ? optional('CLOUD_SQL_INSTANCE') : required('CLOUD_SQL_INSTANCE');
    if (!instance) return undefined;
    return {
      instance,
      user: required('CLOUD_SQL_USER'),
      password: optional('CLOUD_SQL_PASSWORD'),
      database: required('CLOUD_SQL_DATABASE'),
      ipType: required('CLOUD_SQL_IP_TYPE') as 'PUBLIC' | 'PRIVATE' | 'PSC',
      iamAuth: optional('CLOUD_SQL_IAM_AUTH') === 'true',
    };
  },
  /**
   * Connections per instance: in production the running function's share of lib/connection-budget.ts;
   * locally DB_POOL_MAX (the stack keeps it small for PGlite).
   */
  dbPoolMax: () => {
    const fn = currentFunction();
    if (!isLocal() && fn) return functionBudget[fn].pool;
    return Number(optional('DB_POOL_MAX') ?? 5);
  },
  /** Required in production (new projects' buckets are <id>.firebasestorage.app: never guessed there). */
  storageBucket: () => optional('STORAGE_BUCKET') ?? `${config.projectId()}.appspot.com`,
  /** Base of public file URLs; the Storage emulator's when it runs. */
  storagePublicBase: () => {
    const emulator = raw('STORAGE_EMULATOR_HOST') ?? raw('FIREBASE_STORAGE_EMULATOR_HOST');
    if (emulator) return `${emulator.startsWith('http') ? emulator : `http://${emulator}`}/v0/b`;
    return 'https://firebasestorage.googleapis.com/v0/b';
  },
  /** The Realtime Database URL firebase-admin talks to (the emulator's when it runs). */
  databaseURL: () => {
    const emulator = raw('FIREBASE_DATABASE_EMULATOR_HOST');
    if (emulator) return `http://${emulator}?ns=${config.projectId()}-default-rtdb`;
    return (
      optional('RTDB_URL') ?? `https://${config.projectId()}-default-rtdb.europe-west1.firebasedatabase.app`
    );
  },
  /** Where the site is reached by members (used in redirect and webhook URLs). */
  publicBaseUrl: () => required('PUBLIC_BASE_URL').replace(/\/+$/, ''),
  webhookBaseUrl: () => (optional('WEBHOOK_BASE_URL') ?? required('PUBLIC_BASE_URL')).replace(/\/+$/, ''),
  mollie: () => ({
    apiKey: required('MOLLIE_API_KEY'),
    apiEndpoint: optional('MOLLIE_API_ENDPOINT'),
    caCertPath: optional('MOLLIE_CA_CERT'),
  }),
  price: () => ({
    value: required('MEMBERSHIP_PRICE'),
    currency: required('MEMBERSHIP_CURRENCY'),
    interval: required('MEMBERSHIP_INTERVAL'),
    description: required('MEMBERSHIP_DESCRIPTION'),
  }),
  /** The issuer printed on every factuur and creditnota. */
  invoiceIssuer: () => ({
    name: required('INVOICE_ORG_NAME'),
    addressLines: required('INVOICE_ORG_ADDRESS')
      .split('|')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
    kvk: required('INVOICE_ORG_KVK'),
    vatNumber: required('INVOICE_ORG_VAT_NUMBER'),
  }),
  /** Days a member keeps access after a failed renewal before the membership expires. */
  graceDays: () => int('MEMBERSHIP_GRACE_DAYS'),
  cms: () => ({
    url: required('CMS_URL').replace(/\/+$/, ''),
    token: optional('CMS_API_TOKEN') ?? '',
  }),
  /** Public calls answered from memory for their contract's cacheSeconds; the functions tests turn it off. */
  publicCallCacheEnabled: () => optional('PUBLIC_CALL_CACHE') !== 'off',
  /** How long the site function reuses a CMS answer when rendering pages (docs/architecture.md). */
  siteContentTtlSeconds: () => int('SITE_CONTENT_TTL_SECONDS'),
  /** Where the server render (web's `vite build --ssr`) lives; next to the functions bundle by default. */
  siteRendererDir: () => optional('SITE_RENDERER_DIR'),
  smtp: () => {
    const user = optional('SMTP_USER');
    return {
      host: required('SMTP_HOST'),
      port: int('SMTP_PORT'),
      user,
      // Read (and so bound) only when there is a user to sign in with.
      password: user ? optional('SMTP_PASSWORD') : undefined,
      from: required('MAIL_FROM'),
    };
  },
  /**
   * The key that signs the unsubscribe tokens in mails (HMAC-SHA256). Production sets it as a secret;
   * the emulator, the local stack and the tests use a fixed demo value, never a real one.
   */
  mailTokenSecret: () => required('MAIL_TOKEN_SECRET'),
  /**
   * Where the weekly digest's batches go: Cloud Tasks in production and wherever the Tasks emulator
   * runs (CLOUD_TASKS_EMULATOR_HOST, set by firebase-tools in the local stack's functions); in tests
   * and a functions emulator without it, the batches run one after another in the same call.
   */
  taskQueue: (): 'cloud-tasks' | 'inline' =>
    raw('CLOUD_TASKS_EMULATOR_HOST') || !isLocal() ? 'cloud-tasks' : 'inline',
  /**
   * Length of a notification-mail period in seconds: a member gets at most one notification mail per
   * period (docs/mail.md). 15 minutes; the browser journeys shorten it.
   */
  notificationMailPeriodSeconds: () => int('MAIL_NOTIFICATION_PERIOD_SECONDS'),
  chatMailDelaySeconds: () => int('CHAT_MAIL_DELAY_SECONDS'),
  /**
   * The shared secret Strapi sends in `Authorization: Bearer …` on its webhook to the search index.
   * Production sets it as a secret (and the same value in the CMS's CMS_WEBHOOK_SECRET); the
   * emulator, the local stack and the tests use a fixed demo value.
   */
  cmsWebhookSecret: () => required('CMS_WEBHOOK_SECRET'),
  /** Per-caller rate limits of the contract; `off` only in test harnesses that drive one user hard. */
  rateLimitsEnabled: () => optional('RATE_LIMITS') !== 'off',
  /** `on`: member calls of http/one-connection.ts on one pooled connection each (default: a checkout per statement). */
  oneConnectionPerCall: () => optional('ONE_CONNECTION_PER_CALL') === 'on',
  /** `off`: statements go out unnamed, parsed on every call (lib/named-statements.ts; default on). */
  namedStatements: () => optional('NAMED_STATEMENTS') !== 'off',
  logLevel: () => required('LOG_LEVEL'),
  /** Seconds a sign-in stays "recent" for calls with `session: 'recent'` (the contract's default: 300). */
  recentSignInSeconds: () => Number(optional('RECENT_SIGN_IN_SECONDS') ?? limits.recentSignInSeconds),
  /** Seconds an instance keeps a caller's stored role and profile (accounts/caller-cache.ts); 0: off. */
  callerCacheSeconds: () => Number(optional('CALLER_CACHE_SECONDS') ?? 5),
  /** Seconds an instance keeps a user's revocation state for `session: 'live'` (accounts/session-cache.ts); 0: off. */
  sessionCacheSeconds: () => Number(optional('SESSION_CACHE_SECONDS') ?? 30),
  /** Months after a membership ended before its personal details are removed (docs/privacy.md). */
  retentionMonths: () => int('MEMBERSHIP_RETENTION_MONTHS'),
};

/**
 * What a production start lacks: every required plain value, the secrets the function binds, and a
 * database (DATABASE_URL or the Cloud SQL settings). Empty in local mode.
 */
export function missingProductionSettings(fn: FunctionName | undefined = currentFunction()): string[] {
  if (isLocal()) return [];
  const missing: string[] = requiredPlainNames.filter(
    (name) => raw(name) === undefined && !(name.startsWith('CLOUD_SQL_') && raw('DATABASE_URL')),
  );
  const secrets = fn ? functionSecrets[fn] : secretNames;
  for (const name of secrets) {
    if (name === 'SMTP_PASSWORD' && !raw('SMTP_USER')) continue;
    if (name === 'CLOUD_SQL_PASSWORD' && (raw('DATABASE_URL') || raw('CLOUD_SQL_IAM_AUTH') === 'true'))
      continue;
    if (raw(name) === undefined) missing.push(name);
  }
  return missing;
}

/** Refuses to start a function in production without its settings (called by index.ts at load). */
export function assertProductionReady(): void {
  const fn = currentFunction();
  if (!fn) return; // discovery (firebase-tools reading the manifest) and scripts: nothing runs yet
  const missing = missingProductionSettings(fn);
  if (missing.length > 0) {
    throw new SettingError(
      `${fn} cannot start: ${missing.join(', ')} not set (functions/.env.<projectId> for plain values, ` +
        'Secret Manager for secrets; docs/deploy-settings.md)',
    );
  }
}
