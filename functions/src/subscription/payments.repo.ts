import { type Selectable, sql } from 'kysely';
import type { PaymentPurpose, PaymentStatus, PaymentsTable } from '../db/schema.ts';
import type { Conn, Tx } from '../lib/db.ts';

/** The only code that runs SQL on payments: our copy of each Mollie payment of a member. */
export type PaymentRow = Selectable<PaymentsTable>;

/** A payment as Mollie reports it, reduced to what Kring keeps. */
export interface PaymentFacts {
  id: string;
  status: PaymentStatus;
  sequenceType: 'first' | 'recurring';
  amount: { value: string; currency: string };
  customerId: string | null;
  mandateId: string | null;
  subscriptionId: string | null;
  /** `metadata.uid`: set on every first payment (and subscription) Kring makes. */
  metadataUid: string | null;
  checkoutUrl: string | null;
  createdAt: Date;
  paidAt: Date | null;
  failedAt: Date | null;
  /** Mollie's amountRefunded / amountChargedBack; null when Mollie sent none. */
  amountRefunded: string | null;
  amountChargedBack: string | null;
  /**
   * Whether Mollie holds refunds of the payment in any status (its `_links.refunds`): a failed or
   * canceled one too, which `amountRefunded` no longer shows.
   */
  hasRefunds?: boolean;
  /** Mollie's payment method once chosen (ideal, directdebit, ...); null before. */
  method?: string | null;
  /** `metadata.purpose` of the payments Kring makes for dunning and a new mandate; else membership. */
  purpose: PaymentPurpose;
  /** Why it failed: SEPA `bankReasonCode` (e.g. AM04) or a card's `failureReason`; null otherwise. */
  failureReason: string | null;
}

/** An amount as whole cents ('9.95' -> 995; null -> 0). */
export const cents = (value: string | null) => (value === null ? 0 : Math.round(Number(value) * 100));

/**
 * A paid payment the money went back for: any chargeback (the payer's bank reversed it), or refunds
 * of the whole amount. A partial refund (a goodwill gesture) leaves the period bought.
 */
export const isReversed = (p: PaymentFacts): boolean =>
  p.status === 'paid' && (cents(p.amountChargedBack) > 0 || cents(p.amountRefunded) >= cents(p.amount.value));

export const isFinalStatus = (status: PaymentStatus): boolean =>
  status === 'paid' || status === 'failed' || status === 'canceled' || status === 'expired';

export const findPayment = (conn: Conn, id: string): Promise<PaymentRow | undefined> =>
  conn.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();

/** The rows of those of these payments Kring has (one query for a whole list). */
export const findPayments = (conn: Conn, ids: string[]): Promise<PaymentRow[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : conn.selectFrom('payments').selectAll().where('id', 'in', ids).execute();

/**
 * The member's most recent first payment for a membership (the one the payment page is about): not a
 * 'Nu betalen' or new-payment-method payment, which are first payments too but buy no new membership.
 */
export const latestFirstPayment = (conn: Conn, uid: string): Promise<PaymentRow | undefined> =>
  conn
    .selectFrom('payments')
    .selectAll()
    .where('uid', '=', uid)
    .where('sequence_type', '=', 'first')
    .where('purpose', '=', 'membership')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** All payments of a member, oldest first: the history the membership is derived from. */
export const listPayments = (conn: Conn, uid: string): Promise<PaymentRow[]> =>
  conn
    .selectFrom('payments')
    .selectAll()
    .where('uid', '=', uid)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/**
 * Records Mollie's view of a payment. Mollie is the source of truth, so a newer fetch overwrites the
 * status; `period` is only set when the row is new (what the payment buys never changes afterwards).
 */
export const recordPayment = (
  conn: Conn,
  uid: string,
  p: PaymentFacts,
  period: string,
  checks: { amountMismatch: boolean; now: Date; reversedAt?: Date; planId?: string | null },
) =>
  conn
    .insertInto('payments')
    .values({
      id: p.id,
      uid,
      sequence_type: p.sequenceType,
      status: p.status,
      amount_value: p.amount.value,
      amount_currency: p.amount.currency,
      mollie_subscription_id: p.subscriptionId,
      checkout_url: p.checkoutUrl,
      paid_at: p.paidAt,
      failed_at: p.failedAt,
      mandate_id: p.mandateId,
      customer_id: p.customerId,
      period,
      created_at: p.createdAt,
      checked_at: sql<Date>`now()`,
      amount_refunded: p.amountRefunded ?? '0.00',
      amount_charged_back: p.amountChargedBack ?? '0.00',
      reversed_at: isReversed(p) ? (checks.reversedAt ?? checks.now) : null,
      // Decided once, when first recorded: a later price change does not re-judge old payments.
      amount_mismatch: checks.amountMismatch,
      plan_id: checks.planId ?? null,
      method: p.method ?? null,
      purpose: p.purpose,
      failure_reason: p.failureReason,
    })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        status: p.status,
        paid_at: p.paidAt,
        failed_at: p.failedAt,
        mandate_id: sql<string | null>`coalesce(${p.mandateId}, payments.mandate_id)`,
        customer_id: sql<string | null>`coalesce(payments.customer_id, ${p.customerId})`,
        // A first payment's own column holds the subscription made for it; keep that.
        mollie_subscription_id: sql<
          string | null
        >`coalesce(payments.mollie_subscription_id, ${p.subscriptionId})`,
        checked_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
        method: sql<string | null>`coalesce(${p.method ?? null}, payments.method)`,
        plan_id: sql<string | null>`coalesce(payments.plan_id, ${checks.planId ?? null})`,
        failure_reason: sql<string | null>`coalesce(${p.failureReason}, payments.failure_reason)`,
        amount_refunded: p.amountRefunded ?? '0.00',
        amount_charged_back: p.amountChargedBack ?? '0.00',
        reversed_at: isReversed(p)
          ? sql<Date>`coalesce(payments.reversed_at, ${checks.reversedAt ?? checks.now})`
          : null,
      }),
    )
    .execute();

/** Remembers which subscription was made for a first payment, so a repeated webhook makes no second one. */
export const linkSubscription = (tx: Tx, paymentId: string, subscriptionId: string) =>
  tx
    .updateTable('payments')
    .set({ mollie_subscription_id: subscriptionId, updated_at: sql<Date>`now()` })
    .where('id', '=', paymentId)
    .where('mollie_subscription_id', 'is', null)
    .execute();

/**
 * Claims the right to ask Mollie for a fresh status: true for one caller per `minAgeMs`, so a page
 * polling every 5 seconds from several tabs costs at most one Mollie call per period.
 */
export async function claimStatusCheck(conn: Conn, id: string, minAgeMs: number): Promise<boolean> {
  const row = await conn
    .updateTable('payments')
    .set({ checked_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('checked_at', '<=', sql<Date>`now() - make_interval(secs => ${minAgeMs / 1000})`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Notes that Kring asked Mollie about the payment at `at` (the hourly refund and chargeback check):
 * a reversal Mollie lists from before then is not asked about again. Never moves the time back.
 */
export const markChecked = (conn: Conn, id: string, at: Date) =>
  conn
    .updateTable('payments')
    .set({ checked_at: sql<Date>`greatest(checked_at, ${at}::timestamptz)` })
    .where('id', '=', id)
    .execute();

/**
 * The member's payments that belong to a subscription (the first payment it was made for, and its
 * renewals), those with a known customer first: they tell which Mollie customer it lives on.
 */
export const paymentsOfSubscription = (conn: Conn, uid: string, subscriptionId: string) =>
  conn
    .selectFrom('payments')
    .select(['id', 'customer_id'])
    .where('uid', '=', uid)
    .where('mollie_subscription_id', '=', subscriptionId)
    .orderBy(sql`customer_id IS NULL`)
    .orderBy('created_at')
    .limit(5)
    .execute();

/** Fills in the customer of a row recorded before payments.customer_id existed. */
export const setPaymentCustomer = (conn: Conn, id: string, customerId: string) =>
  conn
    .updateTable('payments')
    .set({ customer_id: customerId })
    .where('id', '=', id)
    .where('customer_id', 'is', null)
    .execute();

/** Every Mollie customer the member's recorded payments were made on, the first one paid on first. */
export async function customersOfPayments(conn: Conn, uid: string): Promise<string[]> {
  const rows = await conn
    .selectFrom('payments')
    .select('customer_id')
    .where('uid', '=', uid)
    .where('customer_id', 'is not', null)
    .groupBy('customer_id')
    .orderBy(sql`min(created_at)`)
    .orderBy('customer_id')
    .execute();
  return rows.map((r) => r.customer_id!);
}
