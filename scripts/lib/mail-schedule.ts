import { api, signIn } from './seed.ts';

/**
 * The local stand-in for Cloud Scheduler: the Functions emulator does not fire `onSchedule`
 * functions (they need the Pub/Sub emulator, which needs Java 21), so `npm run dev` runs the two
 * mail jobs itself, through the same admin calls an operator uses (they run the same code as the
 * scheduled functions, in the Functions emulator; the digest's batches go through the Tasks emulator).
 */

export type MailJob = 'notifications' | 'digest';

const endpoint: Record<MailJob, string> = {
  notifications: 'handleMailNotifications',
  digest: 'handleWeeklyMail',
};

/** Runs one job now as the demo admin; returns the call's answer. */
export async function runMailJob(job: MailJob): Promise<Record<string, number>> {
  const token = await signIn('admin@kring.local');
  return api<Record<string, number>>(token, endpoint[job], { data: {} });
}

const amsterdam = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Amsterdam',
  weekday: 'short',
  hour: '2-digit',
  hourCycle: 'h23',
});

/** Local schedule: notification mails every minute; the digest on Monday in the 08:00 hour (Amsterdam), once. */
export const LOCAL_SCHEDULE =
  'notification mails every minute (production: every 15 minutes); weekly digest Monday 08:00 Europe/Amsterdam';

export function startMailSchedule(log: (line: string) => void): () => void {
  let lastDigestDay = '';
  const tick = async () => {
    try {
      const sent = await runMailJob('notifications');
      if (sent.sent) log(`mail: ${sent.sent} notification mail(s) sent`);
      const parts = Object.fromEntries(amsterdam.formatToParts(new Date()).map((p) => [p.type, p.value]));
      const today = new Date().toISOString().slice(0, 10);
      if (parts.weekday === 'Mon' && parts.hour === '08' && lastDigestDay !== today) {
        lastDigestDay = today;
        const plan = await runMailJob('digest');
        log(`mail: weekly digest planned for ${plan.members} member(s) in ${plan.batches} batch(es)`);
      }
    } catch (error) {
      log(`mail: scheduled run failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const timer = setInterval(tick, 60_000);
  return () => clearInterval(timer);
}
