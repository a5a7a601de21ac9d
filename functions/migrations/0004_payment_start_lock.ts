import { type Kysely, sql } from 'kysely';

/**
 * One payment start at a time per member, and the customer of every payment (docs/payments.md,
 * "Starting a payment"):
 * - payment_starts: a member's claim on starting a payment, held while the Mollie customer and first
 *   payment are made (outside any transaction); a claim older than the lease counts as abandoned;
 * - payments.customer_id: the Mollie customer a payment was made on, so the customer a subscription
 *   lives on is known without asking Mollie (null for rows recorded before this migration).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE payment_starts (
      uid text PRIMARY KEY REFERENCES accounts (uid) ON DELETE CASCADE,
      token text NOT NULL,
      started_at timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE payments ADD COLUMN customer_id text;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payments DROP COLUMN customer_id;
    DROP TABLE payment_starts;
  `.execute(db);
}
