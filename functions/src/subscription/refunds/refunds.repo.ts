import { type Selectable, sql } from 'kysely';
import type { RefundsTable } from '../../db/schema.ts';
import type { Conn } from '../../lib/db.ts';
import type { RefundFacts } from '../mollie.ts';

/** The only code that runs SQL on refunds (0020). */
export type RefundRow = Selectable<RefundsTable>;

/** The refund an admin's request made, if it made one (a repeated request finds it). */
export const findRefundByRequest = (conn: Conn, requestKey: string): Promise<RefundRow | undefined> =>
  conn.selectFrom('refunds').selectAll().where('request_key', '=', requestKey).executeTakeFirst();

/**
 * Records a refund Mollie made. With `by` (an admin's request): true when this request is the first to
 * claim the refund (inserted, or stored by the webhook before and claimed now), false for a repeat.
 * Without: true when inserted.
 */
export async function recordRefund(
  conn: Conn,
  paymentId: string,
  refund: RefundFacts,
  by?: { requestKey: string; adminUid: string },
): Promise<boolean> {
  const inserted = await conn
    .insertInto('refunds')
    .values({
      id: refund.id,
      payment_id: paymentId,
      amount_cents: refund.amountCents,
      currency: refund.currency,
      status: refund.status,
      request_key: by?.requestKey ?? null,
      created_by: by?.adminUid ?? null,
      created_at: refund.createdAt,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted || !by) return inserted !== undefined;
  // The payment's webhook stored it first: this request claims it, once.
  const claimed = await conn
    .updateTable('refunds')
    .set({ request_key: by.requestKey, created_by: by.adminUid })
    .where('id', '=', refund.id)
    .where('request_key', 'is', null)
    .executeTakeFirst();
  return claimed.numUpdatedRows > 0n;
}

/** Mollie's statuses of a payment's refunds, as listed now: new ones added, changed ones updated. */
export async function storeRefundStatuses(conn: Conn, paymentId: string, refunds: RefundFacts[]) {
  for (const r of refunds) {
    await recordRefund(conn, paymentId, r);
    await conn
      .updateTable('refunds')
      .set({ status: r.status, updated_at: sql`now()` })
      .where('id', '=', r.id)
      .where('status', '!=', r.status)
      .execute();
  }
}

/** Whether Kring holds a refund of the payment whose status may still change. */
export const hasOpenRefund = async (conn: Conn, paymentId: string): Promise<boolean> =>
  (await conn
    .selectFrom('refunds')
    .select('id')
    .where('payment_id', '=', paymentId)
    .where('status', 'not in', ['refunded', 'failed', 'canceled'])
    .executeTakeFirst()) !== undefined;

/** Every refund of the member's payments, oldest first (payment history, admin member page). */
export const refundsOfMember = (conn: Conn, uid: string): Promise<RefundRow[]> =>
  conn
    .selectFrom('refunds')
    .innerJoin('payments', 'payments.id', 'refunds.payment_id')
    .selectAll('refunds')
    .where('payments.uid', '=', uid)
    .orderBy('refunds.created_at')
    .orderBy('refunds.id')
    .execute();

/**
 * Whether the payment has a refund of exactly this amount that no admin request claimed yet (the
 * webhook stored it): what a request whose answer got lost looks like when it is repeated.
 */
export const hasUnclaimedRefund = async (conn: Conn, paymentId: string, amountCents: number) =>
  (await conn
    .selectFrom('refunds')
    .select('id')
    .where('payment_id', '=', paymentId)
    .where('amount_cents', '=', amountCents)
    .where('request_key', 'is', null)
    .executeTakeFirst()) !== undefined;
