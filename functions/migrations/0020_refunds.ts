import { type Kysely, sql } from 'kysely';
import { addActions, removeActions, setAdminLogActions } from './admin-log-actions.ts';

const refundActions = ['REFUND_PAYMENT', 'RESEND_RECEIPT'];

/**
 * Issue 25, refunds (docs/admin.md "Refunds"): one row per Mollie refund of a payment, with Mollie's
 * refund status as last seen, so the member's history and the admin's member page can show it.
 * `request_key` is the admin's request (refundPaymentAdmin's `requestId`): unique, so a repeated call
 * finds its refund instead of making another. Refunds made elsewhere (Mollie's dashboard) are added
 * by the payment's webhook with `request_key` and `created_by` null.
 * admin_log learns the actions REFUND_PAYMENT and RESEND_RECEIPT.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE refunds (
      id text PRIMARY KEY,
      payment_id text NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      currency text NOT NULL,
      status text NOT NULL,
      request_key text UNIQUE,
      created_by text REFERENCES accounts (uid) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX refunds_payment_idx ON refunds (payment_id, created_at);
  `.execute(db);
  // Added to what the check allows now: 0021 (comp memberships) may have run first (unordered, lib/db.ts).
  await setAdminLogActions(db, addActions(refundActions));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await setAdminLogActions(db, removeActions(refundActions));
  await sql`DROP TABLE refunds`.execute(db);
}
