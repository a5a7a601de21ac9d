import { onSchedule } from 'firebase-functions/v2/scheduler';
import { getDb } from '../lib/db.ts';
import { scheduleOptions } from '../lib/function-options.ts';
import { runExpiryJob } from './expire-memberships.ts';
import { runPriceNoticeStep } from './plans/price-notice-job.ts';

/**
 * Every hour: memberships whose paid period (plus grace) ended lose access and the Member role, and
 * their Mollie subscription is stopped. A failed step is logged, the rest still processed, and the run
 * then reported as failed (runExpiryJob throws); the next hourly run retries it, so the scheduler
 * itself does not.
 */
const timeoutSeconds = 540;

export const expireMembershipsJob = onSchedule(
  scheduleOptions('expireMembershipsJob', { schedule: 'every 1 hours', timeoutSeconds }),
  async () => {
    // Stops a minute before the platform would: what is left is still due, so the next run does it.
    // Throws after the whole sweep when a step failed for someone: the run is reported as failed.
    const started = Date.now();
    const db = await getDb();
    // Price notices not mailed yet are mailed; announced changes whose date is near (a rise only when
    // mailed 30 days before it) reach Mollie before that charge (docs/payments.md "Price changes").
    // A failure there (the database) must not keep the expiry sweep from running: thrown after it.
    // Its mails get at most a third of the run (a mail server timing out takes 10 s per mail).
    const notices = await runPriceNoticeStep(db, new Date(), undefined, {
      mailDeadline: started + (timeoutSeconds / 3) * 1000,
    }).then(
      () => null,
      (error: unknown) => error,
    );
    await runExpiryJob(db, new Date(), {
      // Counted from the start of the run: the price step's time is part of the platform's limit.
      deadline: started + (timeoutSeconds - 60) * 1000,
    });
    if (notices) throw notices;
  },
);
