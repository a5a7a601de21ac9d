import { type Kysely, sql } from 'kysely';

/**
 * Issue 24, part B (docs/payments.md "Dunning", "Payment method"):
 * - payments.purpose: what a payment is for. `membership` (the first payment of a cycle and the
 *   subscription's renewals, as before), `missed_period` ('Nu betalen': a first payment that pays
 *   the period a failed renewal left unpaid and makes a new mandate), `mandate` ('Betaalmethode
 *   wijzigen': a minimal first payment that only makes a new mandate and buys nothing);
 * - payments.failure_reason: Mollie's reason for a failed payment (SEPA bankReasonCode such as
 *   'AM04', or a card's failureReason such as 'insufficient_funds'), shown in plain Dutch;
 * - dunning_mails: one row per dunning mail, claimed before it is sent. The unique key (member,
 *   kind, failed payment) keeps retried webhooks and the hourly job from sending it twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payments
      ADD COLUMN purpose text NOT NULL DEFAULT 'membership'
        CHECK (purpose IN ('membership', 'missed_period', 'mandate')),
      ADD COLUMN failure_reason text;
    CREATE TABLE dunning_mails (
      id bigserial PRIMARY KEY,
      uid text NOT NULL REFERENCES accounts (uid) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('failed', 'reminder', 'ended')),
      payment_id text NOT NULL,
      claimed_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      UNIQUE (uid, kind, payment_id)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE dunning_mails;
    ALTER TABLE payments DROP COLUMN failure_reason, DROP COLUMN purpose;
  `.execute(db);
}
