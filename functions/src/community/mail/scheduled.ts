import { onSchedule } from 'firebase-functions/v2/scheduler';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { getDb } from '../../lib/db.ts';
import { FUNCTIONS_REGION } from '../../lib/firebase.ts';
import { startWeeklyDigest } from './digest-queue.ts';
import { sendNotificationMails } from './notification-mails.ts';
import { type DigestBatch, sendDigestBatch } from './weekly-digest.ts';

/**
 * Every 15 minutes: one mail per member with new unread replies (and upvotes, if asked for). A
 * failed run is not retried: the next run, 15 minutes later, picks up what is still unmailed.
 */
export const mailNotificationsJob = onSchedule(
  {
    schedule: 'every 15 minutes',
    timeZone: 'Europe/Amsterdam',
    region: FUNCTIONS_REGION,
    retryCount: 0,
    timeoutSeconds: 300,
  },
  async () => {
    await sendNotificationMails(await getDb(), new Date());
  },
);

/**
 * Monday 08:00 in Amsterdam: plans the weekly digest and hands it to digestBatchTask in batches.
 * Retried up to 3 times: a second plan in the same week sends nobody a second digest.
 */
export const weeklyDigestJob = onSchedule(
  {
    schedule: '0 8 * * 1',
    timeZone: 'Europe/Amsterdam',
    region: FUNCTIONS_REGION,
    retryCount: 3,
    timeoutSeconds: 300,
  },
  async () => {
    await startWeeklyDigest(new Date());
  },
);

/**
 * One batch of the digest (at most DIGEST_BATCH_SIZE members). Cloud Tasks retries a batch that
 * throws (a refused mail, a database hiccup, a timeout) with backoff; members already mailed this
 * week are skipped on the retry. At most 5 batches at once keeps the SMTP provider's rate.
 */
export const digestBatchTask = onTaskDispatched<DigestBatch>(
  {
    region: FUNCTIONS_REGION,
    retryConfig: { maxAttempts: 5, minBackoffSeconds: 60, maxBackoffSeconds: 900, maxDoublings: 3 },
    rateLimits: { maxConcurrentDispatches: 5, maxDispatchesPerSecond: 5 },
    timeoutSeconds: 300,
    memory: '512MiB',
  },
  async (request) => {
    await sendDigestBatch(await getDb(), request.data);
  },
);
