import { onSchedule } from 'firebase-functions/v2/scheduler';
import { sweepImages } from '../community/images/sweep-images.ts';
import { getDb } from '../lib/db.ts';
import { databaseSecrets, mollieSecrets } from '../lib/secrets.ts';
import { removeEndedMemberships } from './retention.ts';

const timeoutSeconds = 540;

/** Daily: personal details of memberships that ended more than MEMBERSHIP_RETENTION_MONTHS ago. */
export const retentionJob = onSchedule(
  {
    schedule: 'every day 04:00',
    timeZone: 'Europe/Amsterdam',
    region: 'europe-west1',
    retryCount: 0,
    timeoutSeconds,
    secrets: [...mollieSecrets, ...databaseSecrets],
  },
  async () => {
    await removeEndedMemberships(await getDb(), new Date(), {
      deadline: Date.now() + (timeoutSeconds - 60) * 1000,
    });
  },
);

/** Every 15 minutes: images of removed posts, and uploads never attached to a post within 24 hours. */
export const sweepUploadsJob = onSchedule(
  {
    schedule: 'every 15 minutes',
    timeZone: 'Europe/Amsterdam',
    region: 'europe-west1',
    retryCount: 0,
    secrets: databaseSecrets,
  },
  async () => {
    await sweepImages(await getDb(), new Date());
  },
);
