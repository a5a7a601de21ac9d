/**
 * Every setting the functions read, declared once (docs/deploy-settings.md is written from this table).
 * `config.ts` reads only names listed here; `secrets.ts` turns the production-required plain values into
 * firebase-functions params (a deploy without a value stops and asks) and the secrets into
 * `defineSecret`s, and its `functionSecrets` says which function binds which secret.
 *
 * - `production: 'required'`: no fallback outside the local stack; a missing value stops the deploy
 *   (params) and the function's start (config.assertProductionReady).
 * - `production: 'optional'`: a product default that holds everywhere (`default`).
 * - `production: 'local'`: only the local stack, the emulator and tests set it; never set in production.
 * - `local`: the value the local stack, the emulator and the tests fall back to (loopback/demo values).
 *   It is never used in production.
 */
export type SettingKind = 'string' | 'int' | 'secret';

export interface Setting {
  kind: SettingKind;
  production: 'required' | 'optional' | 'local';
  /** What it is for, in one line (docs/deploy-settings.md). */
  about: string;
  /** A plausible production value (secrets: the shape only). */
  example: string;
  /** The default in every mode (`optional` settings only). */
  default?: string;
  /** The local stack's, the emulator's and the tests' fallback; never used in production. */
  local?: string;
}

export const settings = {
  // Where members reach the site.
  PUBLIC_BASE_URL: {
    kind: 'string',
    production: 'required',
    about:
      "The site as members reach it: Mollie redirect URLs, links in mails, canonical URLs, sitemap, the site function's listPlans call.",
    example: 'https://kring.nl',
    local: 'http://127.0.0.1:5000',
  },
  WEBHOOK_BASE_URL: {
    kind: 'string',
    production: 'optional',
    about: "Base of the Mollie webhook URL, when Mollie must call another host than PUBLIC_BASE_URL's.",
    example: 'https://kring.nl',
  },
  // Database (Cloud SQL for PostgreSQL through the connector).
  CLOUD_SQL_INSTANCE: {
    kind: 'string',
    production: 'required',
    about: 'The Cloud SQL instance connection name (project:region:instance).',
    example: 'kring-prod:europe-west1:kring',
  },
  CLOUD_SQL_USER: {
    kind: 'string',
    production: 'required',
    about: 'The database user (the IAM user with CLOUD_SQL_IAM_AUTH=true).',
    example: 'kring',
  },
  CLOUD_SQL_DATABASE: {
    kind: 'string',
    production: 'required',
    about: 'The database name.',
    example: 'kring',
  },
  CLOUD_SQL_PASSWORD: {
    kind: 'secret',
    production: 'required',
    about: "The database user's password (any value with CLOUD_SQL_IAM_AUTH=true: it is then not used).",
    example: '(32+ random characters)',
  },
  CLOUD_SQL_IP_TYPE: {
    kind: 'string',
    production: 'optional',
    about: 'How the connector reaches the instance: PUBLIC, PRIVATE (VPC) or PSC.',
    example: 'PUBLIC',
    default: 'PUBLIC',
  },
  CLOUD_SQL_IAM_AUTH: {
    kind: 'string',
    production: 'optional',
    about: "`true`: sign in as the functions' service account (IAM database authentication).",
    example: 'false',
    default: 'false',
  },
  DATABASE_URL: {
    kind: 'string',
    production: 'local',
    about:
      'A plain PostgreSQL URL (local PGlite server, Debian PostgreSQL, the rehearsal); wins over CLOUD_SQL_INSTANCE.',
    example: 'postgres://kring@127.0.0.1:5433/kring',
  },
  DB_POOL_MAX: {
    kind: 'int',
    production: 'local',
    about:
      "Connections per instance in the local stack and tests; production takes each function's pool from lib/connection-budget.ts.",
    example: '3',
  },
  // Firebase resources.
  STORAGE_BUCKET: {
    kind: 'string',
    production: 'required',
    about:
      "The project's Cloud Storage bucket (Firebase console → Storage; new projects: <id>.firebasestorage.app).",
    example: 'kring-prod.firebasestorage.app',
  },
  RTDB_URL: {
    kind: 'string',
    production: 'required',
    about: 'The Realtime Database URL (europe-west1).',
    example: 'https://kring-prod-default-rtdb.europe-west1.firebasedatabase.app',
  },
  // Payments.
  MOLLIE_API_KEY: {
    kind: 'secret',
    production: 'required',
    about: 'Mollie API key (live_… in production, test_… on a rehearsal project).',
    example: 'live_…',
    local: 'test_KringSandboxTestKey00000000000',
  },
  MOLLIE_API_ENDPOINT: {
    kind: 'string',
    production: 'local',
    about: "The local Mollie sandbox's API URL (production uses Mollie's own).",
    example: 'https://127.0.0.1:8444/v2/',
  },
  MOLLIE_CA_CERT: {
    kind: 'string',
    production: 'local',
    about: "The local Mollie sandbox's CA certificate file.",
    example: '.data/mollie/ca.pem',
  },
  MEMBERSHIP_PRICE: {
    kind: 'string',
    production: 'optional',
    about: 'Price of one membership period, as Mollie takes it (two decimals).',
    example: '9.95',
    default: '9.95',
  },
  MEMBERSHIP_CURRENCY: {
    kind: 'string',
    production: 'optional',
    about: 'Currency of the price.',
    example: 'EUR',
    default: 'EUR',
  },
  MEMBERSHIP_INTERVAL: {
    kind: 'string',
    production: 'optional',
    about: "Mollie subscription interval ('1 month', '12 months').",
    example: '1 month',
    default: '1 month',
  },
  MEMBERSHIP_DESCRIPTION: {
    kind: 'string',
    production: 'optional',
    about: 'Description on payments and subscriptions.',
    example: 'Lidmaatschap Kring',
    default: 'Lidmaatschap Kring',
  },
  MEMBERSHIP_GRACE_DAYS: {
    kind: 'int',
    production: 'optional',
    about: 'Days a member keeps access after a failed renewal (docs/payments.md).',
    example: '7',
    default: '7',
  },
  MEMBERSHIP_RETENTION_MONTHS: {
    kind: 'int',
    production: 'optional',
    about: 'Months after a membership ended before its personal details are removed (docs/privacy.md).',
    example: '24',
    default: '24',
  },
  // Content (Strapi).
  CMS_URL: {
    kind: 'string',
    production: 'required',
    about: "The CMS's base URL (Strapi on Cloud Run, or Strapi Cloud).",
    example: 'https://cms.kring.nl',
    local: 'http://127.0.0.1:1337',
  },
  CMS_API_TOKEN: {
    kind: 'secret',
    production: 'required',
    about: "Strapi's read-only API token (content proxy, site render, digest, search).",
    example: '(Strapi → Settings → API tokens, read-only)',
    local: '',
  },
  CMS_WEBHOOK_SECRET: {
    kind: 'secret',
    production: 'required',
    about:
      "Bearer secret of Strapi's search webhook to /web/cms/webhook (docs/search.md); same value in the CMS.",
    example: '(32+ random characters)',
    local: 'kring-local-demo-cms-webhook-secret',
  },
  SITE_CONTENT_TTL_SECONDS: {
    kind: 'int',
    production: 'optional',
    about: 'How long the site function reuses a CMS answer (docs/architecture.md).',
    example: '30',
    default: '30',
  },
  SITE_RENDERER_DIR: {
    kind: 'string',
    production: 'local',
    about: "Where the server render lives when it is not next to the bundle (the functions' tests).",
    example: 'functions/dist/ssr',
  },
  // Mail.
  SMTP_HOST: {
    kind: 'string',
    production: 'required',
    about: "The SMTP provider's host.",
    example: 'smtp.eu.mailgun.org',
    local: '127.0.0.1',
  },
  SMTP_PORT: {
    kind: 'int',
    production: 'required',
    about: 'SMTP port (465: TLS from the start; 587: STARTTLS).',
    example: '465',
    local: '1025',
  },
  SMTP_USER: {
    kind: 'string',
    production: 'optional',
    about: 'SMTP user name (empty: no authentication).',
    example: 'postmaster@mg.kring.nl',
  },
  SMTP_PASSWORD: {
    kind: 'secret',
    production: 'required',
    about: 'SMTP password (any value when SMTP_USER is empty).',
    example: '(from the mail provider)',
  },
  MAIL_FROM: {
    kind: 'string',
    production: 'required',
    about: 'Sender of every mail.',
    example: 'Kring <noreply@kring.nl>',
    local: 'Kring <noreply@kring.local>',
  },
  // The issuer on every factuur and creditnota (docs/payments.md "Invoices").
  INVOICE_ORG_NAME: {
    kind: 'string',
    production: 'required',
    about: "The organisation's legal name on invoices and credit notes.",
    example: 'Stichting Kring',
    local: 'Stichting Kring (demo)',
  },
  INVOICE_ORG_ADDRESS: {
    kind: 'string',
    production: 'required',
    about: "The organisation's address on invoices; lines separated by ' | '.",
    example: 'Lange Voorhout 1 | 2514 EA Den Haag',
    local: 'Demostraat 1 | 1234 AB Kringdorp',
  },
  INVOICE_ORG_KVK: {
    kind: 'string',
    production: 'required',
    about: 'Chamber of Commerce (KvK) number on invoices.',
    example: '12345678',
    local: '00000000',
  },
  INVOICE_ORG_VAT_NUMBER: {
    kind: 'string',
    production: 'required',
    about: 'VAT (BTW) identification number on invoices.',
    example: 'NL001234567B01',
    local: 'NL000000000B00',
  },
  MAIL_TOKEN_SECRET: {
    kind: 'secret',
    production: 'required',
    about: 'Signs the unsubscribe links in mails (HMAC-SHA256).',
    example: '(32+ random characters)',
    local: 'kring-local-demo-mail-token-secret-not-for-production',
  },
  MAIL_NOTIFICATION_PERIOD_SECONDS: {
    kind: 'int',
    production: 'optional',
    about: 'A member gets at most one notification mail per period (docs/mail.md); the journeys shorten it.',
    example: '900',
    default: '900',
  },
  CHAT_MAIL_DELAY_SECONDS: {
    kind: 'int',
    production: 'optional',
    about: 'An unread chat message is mailed once it is this old (docs/mail.md); the journeys shorten it.',
    example: '300',
    default: '300',
  },
  // Behaviour switches.
  LOG_LEVEL: {
    kind: 'string',
    production: 'optional',
    about: 'debug, info, warn, error or silent.',
    example: 'info',
    default: 'info',
  },
  RECENT_SIGN_IN_SECONDS: {
    kind: 'int',
    production: 'optional',
    about: "Seconds a sign-in stays recent for calls that need one (the contract's default).",
    example: '300',
  },
  CALLER_CACHE_SECONDS: {
    kind: 'int',
    production: 'optional',
    about:
      "Seconds an instance keeps a caller's stored role and profile; 0 turns it off (the functions tests).",
    example: '5',
  },
  SESSION_CACHE_SECONDS: {
    kind: 'int',
    production: 'optional',
    about:
      "Seconds an instance keeps a user's sign-out and disabled state for `session: 'live'` calls; 0 turns it off.",
    example: '30',
  },
  RATE_LIMITS: {
    kind: 'string',
    production: 'local',
    about: '`off` turns the per-caller limits off (test harnesses only).',
    example: 'off',
  },
  PUBLIC_CALL_CACHE: {
    kind: 'string',
    production: 'local',
    about: '`off` turns the public-call cache off (the functions tests).',
    example: 'off',
  },
  ONE_CONNECTION_PER_CALL: {
    kind: 'string',
    production: 'local',
    about:
      '`on`: the member calls of http/one-connection.ts hold one pooled connection each. A measurement for the load benchmark, not adopted (no gain measured, docs/benchmarks.md): never set in production.',
    example: 'on',
  },
  NAMED_STATEMENTS: {
    kind: 'string',
    production: 'optional',
    about:
      '`off`: statements go out unnamed, parsed and planned on every call (default on: lib/named-statements.ts; for a pooler in transaction mode, or to compare in the benchmark).',
    example: 'off',
  },
} as const satisfies Record<string, Setting>;

export type SettingName = keyof typeof settings;
export type SecretName = {
  [K in SettingName]: (typeof settings)[K]['kind'] extends 'secret' ? K : never;
}[SettingName];

export const settingNames = Object.keys(settings) as SettingName[];
export const secretNames = settingNames.filter((n) => settings[n].kind === 'secret') as SecretName[];
/** Plain values a production deploy must have (from functions/.env.<projectId>). */
export const requiredPlainNames = settingNames.filter(
  (n) => settings[n].kind !== 'secret' && settings[n].production === 'required',
);

/**
 * Set by the platform, the emulator or the test runner, never by an operator: which project, which
 * function, and whether this is the local stack (emulator hosts).
 */
export const platformVariables = [
  'GCLOUD_PROJECT',
  'FIREBASE_PROJECT_ID',
  'FUNCTION_TARGET',
  'FUNCTIONS_EMULATOR',
  'FIREBASE_AUTH_EMULATOR_HOST',
  'FIREBASE_DATABASE_EMULATOR_HOST',
  'STORAGE_EMULATOR_HOST',
  'FIREBASE_STORAGE_EMULATOR_HOST',
  'CLOUD_TASKS_EMULATOR_HOST',
  'NODE_ENV',
  'VITEST',
] as const;
