import { defineSecret } from 'firebase-functions/params';

/**
 * The secrets the functions read (through `config`, from the environment), declared so a deploy
 * binds them from Secret Manager (`firebase functions:secrets:set NAME`) instead of shipping them in
 * an .env file. Locally the emulator reads `functions/dist/.secret.local` (written by the build with
 * demo values) and the tests the environment.
 */
export const mollieApiKey = defineSecret('MOLLIE_API_KEY');
export const cloudSqlPassword = defineSecret('CLOUD_SQL_PASSWORD');
export const cmsApiToken = defineSecret('CMS_API_TOKEN');
export const smtpPassword = defineSecret('SMTP_PASSWORD');
export const mailTokenSecret = defineSecret('MAIL_TOKEN_SECRET');
export const cmsWebhookSecret = defineSecret('CMS_WEBHOOK_SECRET');

export const databaseSecrets = [cloudSqlPassword];
export const mollieSecrets = [mollieApiKey];
/** Everything the `web` function may read: payments, content, mail, database, the CMS webhook. */
export const webSecrets = [
  mollieApiKey,
  cloudSqlPassword,
  cmsApiToken,
  smtpPassword,
  mailTokenSecret,
  cmsWebhookSecret,
];
/** The mail jobs: the database, the CMS (the digest's articles and events), SMTP, unsubscribe links. */
export const mailSecrets = [cloudSqlPassword, cmsApiToken, smtpPassword, mailTokenSecret];
