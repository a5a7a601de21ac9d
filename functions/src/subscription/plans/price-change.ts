import { findMembership } from '../../accounts/memberships.repo.ts';
import type { Db } from '../../lib/db.ts';
import { logs } from '../../lib/logs.ts';
import { updateSubscriptionAtMollie } from '../mollie.ts';
import { addDays, addPeriod, amsterdamDate } from '../period.ts';
import { subscriptionCustomerOf } from '../sync-payment.ts';
import {
  centsToValue,
  closeOpenPriceNotices,
  duePriceNotices,
  findPlan,
  insertPriceNotice,
  markNoticeApplied,
  membersPayingOtherPrice,
  setMembershipPrice,
  setPlanPrice,
} from './plans.repo.ts';

/** Dutch consumer law: a price rise of a running subscription is announced at least 30 days before. */
export const noticeDays = 30;
/** A notice's new price reaches Mollie this long before the charge it applies to. */
const applyLeadDays = 1;

/**
 * The first period start at least `noticeDays` after `now`: the member's current period (and any
 * that starts within the notice) is charged at the old price.
 */
export function effectiveFrom(expiresAt: Date, interval: string, now: Date): Date {
  let start = expiresAt;
  while (!noticeHeld(now, start)) start = addPeriod(start, interval);
  return start;
}

/**
 * Whether a notice given at `from` is 30 days before a charge at `start`: 30 x 24 hours, and 30
 * calendar days in Amsterdam, where Mollie charges (across the end of summer time 30 x 24 hours can
 * end on the 29th day: mailed 21 October 00:30, charged 19 November).
 */
function noticeHeld(from: Date, start: Date): boolean {
  const day = new Date(`${amsterdamDate(from)}T00:00:00Z`);
  const earliestDate = addDays(day, noticeDays).toISOString().slice(0, 10);
  return start >= addDays(from, noticeDays) && amsterdamDate(start) >= earliestDate;
}

/**
 * An operator changes a plan's price (scripts/change-plan-price.ts): new members pay it at once;
 * every renewing member on the plan keeps their price for the period they are in and gets a recorded
 * notice, effective from their first period start at least 30 days away. The notice mail goes from
 * price-notice-mail.ts (the script right after this, and the hourly job); docs/payments.md "Price changes".
 */
export async function changePlanPrice(db: Db, planId: string, newPriceCents: number, now: Date) {
  if (!Number.isSafeInteger(newPriceCents) || newPriceCents <= 0)
    throw new Error('price must be whole cents > 0');
  const notices: { uid: string; effectiveFrom: Date }[] = [];
  await db.transaction().execute(async (tx) => {
    if (!(await findPlan(tx, planId))) throw new Error(`unknown plan ${planId}`);
    await setPlanPrice(tx, planId, newPriceCents);
    await closeOpenPriceNotices(tx, planId, now);
    for (const m of await membersPayingOtherPrice(tx, planId, newPriceCents)) {
      if (!m.expires_at || m.price_cents === null) continue;
      const from = effectiveFrom(m.expires_at, m.subscription_interval ?? '1 month', now);
      await insertPriceNotice(tx, {
        uid: m.uid,
        planId,
        oldPriceCents: m.price_cents,
        newPriceCents,
        noticedAt: now,
        effectiveFrom: from,
      });
      notices.push({ uid: m.uid, effectiveFrom: from });
    }
  });
  logs.info('plan price changed', { planId, newPriceCents, notices: notices.length });
  return notices;
}

/**
 * A rise may reach Mollie only when its mail went at least `noticeDays` before the first charge at the
 * new price (`effective_from`). A decrease needs no wait (the member only gains).
 */
export function mayApply(notice: {
  old_price_cents: number;
  new_price_cents: number;
  mailed_at: Date | null;
  effective_from: Date;
}): boolean {
  if (notice.new_price_cents <= notice.old_price_cents) return true;
  return notice.mailed_at !== null && noticeHeld(notice.mailed_at, notice.effective_from);
}

/**
 * The hourly job's step: notices whose date is near get the new price at Mollie (the charge on
 * effective_from takes it) and on the membership (so that charge is the plan's amount). A member who
 * switched plan or stopped renewing meanwhile is left alone. `uids` narrows it (tests).
 */
export async function applyDuePriceNotices(db: Db, now: Date, uids?: string[]) {
  const applied: string[] = [];
  let failed = 0;
  let waiting = 0;
  for (const notice of await duePriceNotices(db, addDays(now, applyLeadDays), uids)) {
    const m = await findMembership(db, notice.uid);
    const renewing = m && m.status === 'active' && m.mollie_subscription_id && !m.subscription_stopped_at;
    if (renewing && m.plan_id === notice.plan_id && m.price_cents === notice.old_price_cents) {
      if (!mayApply(notice)) {
        waiting += 1;
        continue;
      }
      try {
        const customerId = await subscriptionCustomerOf(db, m);
        const plan = await findPlan(db, notice.plan_id);
        await updateSubscriptionAtMollie(customerId!, m.mollie_subscription_id!, {
          amount: { value: centsToValue(notice.new_price_cents), currency: plan?.currency ?? 'EUR' },
        });
      } catch (error) {
        // One member's refusal (a subscription stopped at Mollie) or Mollie away must not stop the
        // others, nor the hourly job after this step: the notice stays due and is tried next hour.
        logs.error('price notice not applied; retried next hour', {
          uid: notice.uid,
          noticeId: notice.id,
          error,
        });
        failed += 1;
        continue;
      }
      await setMembershipPrice(db, notice.uid, notice.new_price_cents);
      applied.push(notice.uid);
    }
    await markNoticeApplied(db, notice.id, now);
  }
  if (failed) logs.warn('price notices left due', { failed });
  if (waiting) logs.warn('price rises waiting for their notice mail', { waiting });
  return applied;
}
