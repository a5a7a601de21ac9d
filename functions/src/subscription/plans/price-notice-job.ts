import type { Db } from '../../lib/db.ts';
import { applyDuePriceNotices } from './price-change.ts';
import { sendPriceNoticeMails } from './price-notice-mail.ts';

/**
 * The hourly job's price step: notices not mailed yet are mailed, then announced changes whose date is
 * near (a rise only when mailed at least 30 days before it) reach Mollie. `uids` narrows it (tests);
 * the mails stop at `mailDeadline` (ms epoch), the rest go next run.
 */
export async function runPriceNoticeStep(
  db: Db,
  now: Date,
  uids?: string[],
  options: { mailDeadline?: number } = {},
) {
  const mails = await sendPriceNoticeMails(db, now, uids, options.mailDeadline);
  const applied = await applyDuePriceNotices(db, now, uids);
  return { mailed: mails.sent, mailFailed: mails.failed, applied };
}
