import type { Plan } from '@kring/contract';
import { type Selectable, sql } from 'kysely';
import type { PlansTable } from '../../db/schema.ts';
import type { Conn, Tx } from '../../lib/db.ts';

/** The only code that runs SQL on plans and on the plan columns of memberships (docs/payments.md "Plans"). */
export type PlanRow = Selectable<PlansTable>;

export const toPlan = (row: PlanRow): Plan => ({
  id: row.id,
  name: row.name,
  interval: row.interval,
  priceCents: row.price_cents,
  currency: row.currency,
  vatRateBp: row.vat_rate_bp,
  vatExemption: row.vat_exemption,
});

/** The plans a visitor can choose, in their display order. */
export const listActivePlans = (conn: Conn): Promise<PlanRow[]> =>
  conn
    .selectFrom('plans')
    .selectAll()
    .where('active', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();

/** Every plan, retired ones too (names in the payment history). */
export const listAllPlans = (conn: Conn): Promise<PlanRow[]> =>
  conn.selectFrom('plans').selectAll().orderBy('sort_order').execute();

export const findPlan = (conn: Conn, id: string): Promise<PlanRow | undefined> =>
  conn.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();

/** The plan chosen when the caller names none: the first active one. */
export const defaultPlan = async (conn: Conn): Promise<PlanRow | undefined> =>
  (await listActivePlans(conn))[0];

/** Integer cents as Mollie's amount value: 995 -> '9.95'. */
export const centsToValue = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** The plan the member's paid first payment was for, and the price (cents) their subscription charges. */
export const setMembershipPlan = (tx: Tx, uid: string, planId: string, priceCents: number) =>
  tx
    .updateTable('memberships')
    .set({ plan_id: planId, price_cents: priceCents, updated_at: sql<Date>`now()` })
    .where('uid', '=', uid)
    .execute();

/**
 * The member's plan from their next period on: the plan, the price and the period each later charge
 * buys. The period already paid for is untouched (it is in the payments).
 */
export const switchMembershipPlan = (tx: Tx, uid: string, plan: PlanRow) =>
  tx
    .updateTable('memberships')
    .set({
      plan_id: plan.id,
      price_cents: plan.price_cents,
      subscription_interval: plan.interval,
      updated_at: sql<Date>`now()`,
    })
    .where('uid', '=', uid)
    .execute();

/** A plan's price for new members (and, after their notice, for existing ones). */
export const setPlanPrice = (tx: Tx, planId: string, priceCents: number) =>
  tx
    .updateTable('plans')
    .set({ price_cents: priceCents, updated_at: sql<Date>`now()` })
    .where('id', '=', planId)
    .execute();

/** Renewing members on a plan who pay another price than `priceCents` (they get a notice). */
export const membersPayingOtherPrice = (conn: Conn, planId: string, priceCents: number) =>
  conn
    .selectFrom('memberships')
    .select(['uid', 'price_cents', 'expires_at', 'subscription_interval'])
    .where('plan_id', '=', planId)
    .where('status', '=', 'active')
    .where('price_cents', '<>', priceCents)
    .execute();

export const insertPriceNotice = (
  tx: Tx,
  notice: {
    uid: string;
    planId: string;
    oldPriceCents: number;
    newPriceCents: number;
    noticedAt: Date;
    effectiveFrom: Date;
  },
) =>
  tx
    .insertInto('price_notices')
    .values({
      uid: notice.uid,
      plan_id: notice.planId,
      old_price_cents: notice.oldPriceCents,
      new_price_cents: notice.newPriceCents,
      noticed_at: notice.noticedAt,
      effective_from: notice.effectiveFrom,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

/** Notices whose new price must reach Mollie now: the charge on effective_from is near. */
export const duePriceNotices = (conn: Conn, before: Date, uids?: string[]) => {
  let query = conn
    .selectFrom('price_notices')
    .selectAll()
    .where('applied_at', 'is', null)
    .where('effective_from', '<=', before);
  if (uids) query = query.where('uid', 'in', uids);
  return query.orderBy('id').execute();
};

/**
 * A new price for the plan replaces the notices still open for it (a rise taken back must be neither
 * mailed nor applied; a later change gets its own notice): closed without a change.
 */
export const closeOpenPriceNotices = (tx: Tx, planId: string, at: Date) =>
  tx
    .updateTable('price_notices')
    .set({ applied_at: at })
    .where('plan_id', '=', planId)
    .where('applied_at', 'is', null)
    .execute();

export const markNoticeApplied = (conn: Conn, id: number, at: Date) =>
  conn.updateTable('price_notices').set({ applied_at: at }).where('id', '=', id).execute();

export const setMembershipPrice = (conn: Conn, uid: string, priceCents: number) =>
  conn
    .updateTable('memberships')
    .set({ price_cents: priceCents, updated_at: sql<Date>`now()` })
    .where('uid', '=', uid)
    .execute();

/** The member's price notices, newest first (GDPR export, account page). */
export const priceNoticesOf = (conn: Conn, uid: string) =>
  conn.selectFrom('price_notices').selectAll().where('uid', '=', uid).orderBy('id', 'desc').execute();

/** Notices whose mail has not gone (nor been claimed) and that are not closed yet. */
export const unmailedPriceNotices = (conn: Conn, uids?: string[]) => {
  let query = conn
    .selectFrom('price_notices')
    .selectAll()
    .where('mailed_at', 'is', null)
    .where('applied_at', 'is', null);
  if (uids) query = query.where('uid', 'in', uids);
  return query.orderBy('id').execute();
};

/**
 * Claims a notice's mail before it is sent (one of two concurrent runs gets the row): `mailed_at` is
 * set and the date the mail will state recorded with it. Null when another run has it.
 */
export const claimPriceNoticeMail = (conn: Conn, id: number, mailedAt: Date, effectiveFrom: Date) =>
  conn
    .updateTable('price_notices')
    .set({ mailed_at: mailedAt, effective_from: effectiveFrom })
    .where('id', '=', id)
    .where('mailed_at', 'is', null)
    .returningAll()
    .executeTakeFirst();

/** Gives the claim back (the mail server refused): the next run tries again, with a date from then. */
export const releasePriceNoticeMail = (conn: Conn, id: number) =>
  conn.updateTable('price_notices').set({ mailed_at: null }).where('id', '=', id).execute();
