import { onSchedule } from 'firebase-functions/v2/scheduler';
import { sweepImages } from '../community/images/sweep-images.ts';
import { getDb } from '../lib/db.ts';
import { scheduleOptions } from '../lib/function-options.ts';
import { logs } from '../lib/logs.ts';
import { removeEndedMemberships, removeOldMailSends, removeReportEvidence } from './retention.ts';

const timeoutSeconds = 540;

/**
 * Daily: the mail claims older than MAIL_SENDS_RETENTION_DAYS, reported content of deleted accounts no
 * longer needed (REPORT_EVIDENCE_RETENTION_DAYS), and the personal details of memberships
 * that ended more than MEMBERSHIP_RETENTION_MONTHS ago.
 */
export const retentionJob = onSchedule(
  scheduleOptions('retentionJob', { schedule: 'every day 04:00', timeoutSeconds }),
  async () => {
    const db = await getDb();
    // A failure here is logged and must not keep the memberships' sweep from running.
    await removeOldMailSends(db).catch((error: unknown) => logs.error('retention: mail claims', { error }));
    await removeReportEvidence(db).catch((error: unknown) =>
      logs.error('retention: report evidence', { error }),
    );
    await removeEndedMemberships(db, new Date(), {
      deadline: Date.now() + (timeoutSeconds - 60) * 1000,
    });
  },
);

/** Every 15 minutes: images of removed posts, and uploads never attached to a post within 24 hours. */
export const sweepUploadsJob = onSchedule(
  scheduleOptions('sweepUploadsJob', { schedule: 'every 15 minutes' }),
  async () => {
    await sweepImages(await getDb(), new Date());
  },
);
