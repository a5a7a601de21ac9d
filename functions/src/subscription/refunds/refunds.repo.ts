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
 * Records a refund Mollie made (the admin's request, or the payment's webhook listing it), once. The
 * admin's request key comes from the refund's metadata, so a refund the webhook stored first is found
 * by the request that made it. True when inserted.
 */
export async function recordRefund(conn: Conn, paymentId: string, refund: RefundFacts): Promise<boolean> {
  const inserted = await conn
    .insertInto('refunds')
    .values({
      id: refund.id,
      payment_id: paymentId,
      amount_cents: refund.amountCents,
      currency: refund.currency,
      status: refund.status,
      request_key: refund.requestKey,
      created_by: null,
      created_at: refund.createdAt,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * The admin's request claims the refund it made: true for the first claim (the caller logs it), false
 * for a repeat. A refund stored by the webhook before the request's answer came back is claimed here.
 */
export async function claimRefund(conn: Conn, refundId: string, requestKey: string, adminUid: string) {
  const claimed = await conn
    .updateTable('refunds')
    .set({ request_key: requestKey, created_by: adminUid })
    .where('id', '=', refundId)
    .where('created_by', 'is', null)
    .where((eb) => eb.or([eb('request_key', 'is', null), eb('request_key', '=', requestKey)]))
    .executeTakeFirst();
  return claimed.numUpdatedRows > 0n;
}

/** A payment's refunds as Kring holds them (the refundable amount counts them). */
export const refundsOfPayment = (conn: Conn, paymentId: string): Promise<RefundRow[]> =>
  conn.selectFrom('refunds').selectAll().where('payment_id', '=', paymentId).execute();

/** A refund that takes money off the payment: every status but failed and canceled (as Mollie counts). */
export const refundCounts = (r: { status: string }): boolean =>
  r.status !== 'failed' && r.status !== 'canceled';

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
