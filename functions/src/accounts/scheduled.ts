import { onSchedule } from 'firebase-functions/v2/scheduler';
import { getDb } from '../lib/db.ts';
import { databaseSecrets } from '../lib/secrets.ts';
import { liftSuspensions } from './suspensions.ts';

/** Every 15 minutes: suspensions whose date has come end, and the member's role comes back. */
export const liftSuspensionsJob = onSchedule(
  {
    schedule: 'every 15 minutes',
    timeZone: 'Europe/Amsterdam',
    region: 'europe-west1',
    retryCount: 0,
    secrets: databaseSecrets,
  },
  async () => {
    await liftSuspensions(await getDb(), new Date());
  },
);
