import type { ScheduleOptions } from 'firebase-functions/v2/scheduler';
import { type FunctionName, functionBudget } from './connection-budget.ts';
import { secretsOf } from './secrets.ts';

/** The region every Kring function runs in (Hosting's rewrites name it too). */
export const FUNCTIONS_REGION = 'europe-west1';
/** Every schedule is Amsterdam time (the digest's Monday 08:00 stays 08:00 across summer time). */
export const SCHEDULE_TIME_ZONE = 'Europe/Amsterdam';

/**
 * What every function gets, by its name: the region, its instance cap from lib/connection-budget.ts and
 * exactly the secrets lib/secrets.ts lists for it. Passed to each function itself rather than through
 * setGlobalOptions, which ESM import order would apply after the functions defined in imported modules.
 */
export const baseOptions = (name: FunctionName) => ({
  region: FUNCTIONS_REGION,
  maxInstances: functionBudget[name].maxInstances,
  secrets: secretsOf(name),
});

/** A scheduled job's options: one run at a time, Amsterdam time, not retried unless asked. */
export const scheduleOptions = (
  name: FunctionName,
  options: Pick<ScheduleOptions, 'schedule'> &
    Partial<Pick<ScheduleOptions, 'retryCount' | 'timeoutSeconds' | 'memory'>>,
): ScheduleOptions => ({
  ...baseOptions(name),
  timeZone: SCHEDULE_TIME_ZONE,
  retryCount: 0,
  timeoutSeconds: 300,
  memory: '256MiB',
  ...options,
});
