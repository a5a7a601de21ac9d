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
