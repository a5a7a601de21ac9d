import { type Kysely, sql } from 'kysely';

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
    ALTER TABLE admin_log DROP CONSTRAINT admin_log_action_check;
    ALTER TABLE admin_log ADD CONSTRAINT admin_log_action_check
      CHECK (action IN ('CHANGE_ROLE', 'REFUND_PAYMENT', 'RESEND_RECEIPT'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE refunds;
    ALTER TABLE admin_log DROP CONSTRAINT admin_log_action_check;
    ALTER TABLE admin_log ADD CONSTRAINT admin_log_action_check CHECK (action IN ('CHANGE_ROLE'));
  `.execute(db);
}
