import { defineInt, defineSecret, defineString } from 'firebase-functions/params';
import type { FunctionName } from './connection-budget.ts';
import { requiredPlainNames, type SecretName, type SettingName, secretNames, settings } from './settings.ts';

/**
 * The deploy-time side of lib/settings.ts. Each secret is a `defineSecret` (bound from Secret Manager:
 * `firebase functions:secrets:set NAME`; the deploy stops until it is set). Each production-required
 * plain value is a param without a default, so `firebase deploy` stops (non-interactive) or asks when
 * functions/.env.<projectId> lacks it. Locally the emulator reads functions/dist/.env.demo-kring and
 * .secret.local (written by scripts/lib/stack.ts), the tests the environment.
 */
export const secretParams = Object.fromEntries(
  secretNames.map((name) => [name, defineSecret(name)]),
) as Record<SecretName, ReturnType<typeof defineSecret>>;

export const plainParams = Object.fromEntries(
  requiredPlainNames.map((name) => {
    const setting = settings[name];
    const description = `${setting.about} Example: ${setting.example}`;
    return [
      name,
      setting.kind === 'int' ? defineInt(name, { description }) : defineString(name, { description }),
    ];
  }),
) as Partial<Record<SettingName, ReturnType<typeof defineString> | ReturnType<typeof defineInt>>>;

const database: SecretName[] = ['CLOUD_SQL_PASSWORD'];
const mail: SecretName[] = ['SMTP_PASSWORD', 'MAIL_TOKEN_SECRET'];

/**
 * The secrets each function reads, and so binds. config.ts refuses (throws) when the running function
 * (FUNCTION_TARGET) reads a secret that is not listed here, so a missing binding fails the first test,
 * rehearsal or request that takes that path instead of running on an empty value.
 */
export const functionSecrets: Record<FunctionName, readonly SecretName[]> = {
  // Payments, content, mail, the database and the CMS webhook.
  web: ['MOLLIE_API_KEY', ...database, 'CMS_API_TOKEN', ...mail, 'CMS_WEBHOOK_SECRET'],
  // Pages and the sitemap from the CMS.
  site: ['CMS_API_TOKEN'],
  liftSuspensionsJob: database,
  // The mail jobs: the digest's articles and events come from the CMS.
  mailNotificationsJob: [...database, 'CMS_API_TOKEN', ...mail],
  weeklyDigestJob: [...database, 'CMS_API_TOKEN', ...mail],
  digestBatchTask: [...database, 'CMS_API_TOKEN', ...mail],
  // Removes ended memberships' Mollie customers.
  retentionJob: ['MOLLIE_API_KEY', ...database],
  sweepUploadsJob: database,
  // Cancels Mollie subscriptions of expired memberships.
  expireMembershipsJob: ['MOLLIE_API_KEY', ...database],
};

/** The `secrets` option of a function: exactly what functionSecrets lists for it. */
export const secretsOf = (name: FunctionName) => functionSecrets[name].map((secret) => secretParams[secret]);
