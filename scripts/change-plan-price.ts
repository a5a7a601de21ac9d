import { closeDb, getDb } from '../functions/src/lib/db.ts';
import { changePlanPrice } from '../functions/src/subscription/plans/price-change.ts';
import { sendPriceNoticeMails } from '../functions/src/subscription/plans/price-notice-mail.ts';

/**
 * Changes a plan's price: `npx tsx scripts/change-plan-price.ts <planId> <cents>` (e.g. `maandelijks 1095`).
 * New members pay it at once; every renewing member on the plan gets a recorded 30-day notice and keeps
 * their price until their first period start at least 30 days away, and the notice mail is sent now
 * (what the mail server refuses, the hourly job sends later, moving a rise's date to 30 days after the
 * mail; docs/payments.md "Price changes"). Uses the database and SMTP settings of the environment.
 */
const [planId, centsText] = process.argv.slice(2);
const cents = Number(centsText);
if (!planId || !/^\d+$/.test(centsText ?? '') || cents <= 0) {
  console.error('usage: npx tsx scripts/change-plan-price.ts <planId> <cents>');
  process.exit(2);
}
const notices = await changePlanPrice(await getDb(), planId, cents, new Date());
console.log(`${planId} now costs ${cents} cents for new members; ${notices.length} member(s) noticed:`);
for (const n of notices) console.log(`  ${n.uid} from ${n.effectiveFrom.toISOString()}`);
const mailed = await sendPriceNoticeMails(await getDb(), new Date());
console.log(`${mailed.sent.length} notice mail(s) sent; the hourly job sends the rest.`);
await closeDb();
