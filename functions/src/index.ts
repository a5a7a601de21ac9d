import { onRequest } from 'firebase-functions/v2/https';
import { handleHttp } from './http/express.ts';
import { assertProductionReady } from './lib/config.ts';
import { baseOptions } from './lib/function-options.ts';
import { handleSite } from './site/site.ts';

// In production a function refuses to start without its settings (docs/deploy-settings.md); discovery
// and the local stack pass.
assertProductionReady();

/** Every `/web/**` call: the community, subscription and privacy APIs and the content proxy. */
export const web = onRequest(
  { ...baseOptions('web'), memory: '512MiB', concurrency: 40, timeoutSeconds: 60 },
  handleHttp,
);

/**
 * Every page as HTML with its content in it, robots.txt and sitemap.xml (Hosting rewrites all paths
 * that are not static files or `/web/**`). Cacheable by the CDN; no database, no user data.
 */
export const site = onRequest(
  { ...baseOptions('site'), memory: '512MiB', concurrency: 80, timeoutSeconds: 30 },
  handleSite,
);

/** Every 15 minutes: ends suspensions whose date has come (issue 16). */
export { liftSuspensionsJob } from './accounts/scheduled.ts';
/** Every 15 minutes the notification mails; Monday 08:00 the weekly digest, sent by digestBatchTask. */
export { digestBatchTask, mailNotificationsJob, weeklyDigestJob } from './mail/scheduled.ts';
/** Daily: old memberships' personal details; every 15 minutes: removed posts' images, uploads never attached. */
export { retentionJob, sweepUploadsJob } from './privacy/scheduled.ts';
/** Hourly: expires memberships past their end (and grace), and drops the member role. */
export { expireMembershipsJob } from './subscription/scheduled.ts';
