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

/**
 * How far a refund has come (Mollie's statuses only move forward: queued -> pending -> processing ->
 * refunded, and failed (also after refunded: a closed account) or canceled (before processing) end
 * it). A status is stored only over an earlier one, so an answer Mollie gave before a later one that
 * is already stored (two webhooks of one payment committing out of order) cannot undo it.
 */
const refundStage: Record<string, number> = {
  queued: 0,
  pending: 1,
  processing: 2,
  refunded: 3,
  failed: 4,
  canceled: 4,
};
const stagesBefore = (status: string): string[] =>
  Object.keys(refundStage).filter((s) => refundStage[s]! < (refundStage[status] ?? -1));

/**
 * Mollie's statuses of a payment's refunds, as listed: new ones added, later statuses stored, and an
 * earlier status than the stored one (an older answer) ignored.
 */
export async function storeRefundStatuses(conn: Conn, paymentId: string, refunds: RefundFacts[]) {
  for (const r of refunds) {
    await recordRefund(conn, paymentId, r);
    const earlier = stagesBefore(r.status);
    if (earlier.length === 0) continue;
    await conn
      .updateTable('refunds')
      .set({ status: r.status, updated_at: sql`now()` })
      .where('id', '=', r.id)
      .where('status', 'in', earlier)
      .execute();
  }
}

/** The refunds Kring holds with what a listing adds (as storeRefundStatuses would store it), not yet written. */
export function mergeRefunds(
  stored: RefundRow[],
  listed: RefundFacts[],
): { id: string; amount_cents: number; status: string }[] {
  const merged = new Map(
    stored.map((r) => [r.id, { id: r.id, amount_cents: r.amount_cents, status: r.status }]),
  );
  for (const r of listed) {
    const held = merged.get(r.id);
    if (!held) merged.set(r.id, { id: r.id, amount_cents: r.amountCents, status: r.status });
    else if (stagesBefore(r.status).includes(held.status)) held.status = r.status;
  }
  return [...merged.values()];
}

/**
 * Whether Kring holds a refund of the payment that counts as money gone back: its status may still
 * change what went back (a `refunded` one too: Mollie reports a refund `failed` after it was
 * processed, e.g. to a closed account).
 */
export const hasCountingRefund = async (conn: Conn, paymentId: string): Promise<boolean> =>
  (await conn
    .selectFrom('refunds')
    .select('id')
    .where('payment_id', '=', paymentId)
    .where('status', 'not in', ['failed', 'canceled'])
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
