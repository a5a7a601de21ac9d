import { onSchedule } from 'firebase-functions/v2/scheduler';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { z } from 'zod';
import { getDb } from '../lib/db.ts';
import { baseOptions, scheduleOptions } from '../lib/function-options.ts';
import { logs } from '../lib/logs.ts';
import { closeMailTransport } from '../lib/mail.ts';
import { sendChatMails } from './chat-mails.ts';
import { startWeeklyDigest } from './digest-queue.ts';
import { sendNotificationMails } from './notification-mails.ts';
import { type DigestBatch, sendDigestBatch } from './weekly-digest.ts';

const digestBatch = z.object({
  week: z.string().regex(/^\d{4}-W\d{2}$/),
  since: z.iso.datetime(),
  until: z.iso.datetime(),
  profileIds: z.array(z.number().int().positive()).max(1000),
});

/**
 * Every 15 minutes: one mail per member with new unread replies (and upvotes and mentions, as
 * asked for), and one per conversation with chat messages left unread (chat-mails.ts). A
 * failed run is not retried: the next run, 15 minutes later, picks up what is still unmailed.
 */
export const mailNotificationsJob = onSchedule(
  scheduleOptions('mailNotificationsJob', { schedule: 'every 15 minutes', timeoutSeconds: 300 }),
  async () => {
    try {
      const db = await getDb();
      const now = new Date();
      await sendNotificationMails(db, now);
      await sendChatMails(db, now);
    } finally {
      closeMailTransport();
    }
  },
);

/**
 * Monday 08:00 in Amsterdam: plans the weekly digest and hands it to digestBatchTask in batches.
 * Retried up to 3 times: a second plan in the same week sends nobody a second digest.
 */
export const weeklyDigestJob = onSchedule(
  scheduleOptions('weeklyDigestJob', { schedule: '0 8 * * 1', retryCount: 3, timeoutSeconds: 300 }),
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
    ...baseOptions('digestBatchTask'),
    retryConfig: { maxAttempts: 5, minBackoffSeconds: 60, maxBackoffSeconds: 900, maxDoublings: 3 },
    rateLimits: { maxConcurrentDispatches: 5, maxDispatchesPerSecond: 5 },
    timeoutSeconds: 300,
    memory: '512MiB',
  },
  async (request) => {
    // Only Cloud Tasks (with the queue's OIDC token) reaches this function, but a payload from an
    // older deploy or a hand-made task is checked rather than trusted.
    const batch = digestBatch.safeParse(request.data);
    if (!batch.success) {
      logs.error('weekly digest: malformed task dropped', { issues: batch.error.issues });
      return; // not retried: it would fail the same way
    }
    try {
      await sendDigestBatch(await getDb(), batch.data);
    } finally {
      closeMailTransport();
    }
  },
);
