import { onSchedule } from 'firebase-functions/v2/scheduler';
import { getDb } from '../lib/db.ts';
import { scheduleOptions } from '../lib/function-options.ts';
import { liftSuspensions } from './suspensions.ts';

/** Every 15 minutes: suspensions whose date has come end, and the member's role comes back. */
export const liftSuspensionsJob = onSchedule(
  scheduleOptions('liftSuspensionsJob', { schedule: 'every 15 minutes' }),
  async () => {
    await liftSuspensions(await getDb(), new Date());
  },
);
