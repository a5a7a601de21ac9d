import { type Kysely, sql } from 'kysely';

/**
 * What the payment flow needs beyond 0001 (docs/payments.md):
 * - memberships.grace_until: end of access after a failed renewal;
 * - memberships.subscription_interval: the period each charge of the member's Mollie subscription buys;
 * - memberships.subscription_stopped_at: Mollie confirmed the subscription canceled (no more charges);
 * - memberships.role_sync_needed: access changed and the role claim still has to follow (an outbox
 *   flag, so a failed Auth write is retried by the next webhook or the hourly job);
 * - payments.period: what one payment buys; payments.mandate_id, failed_at: from Mollie;
 * - payments.checked_at: last time the status was fetched from Mollie (throttles status polling).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE memberships
      ADD COLUMN grace_until timestamptz,
      ADD COLUMN subscription_interval text,
      ADD COLUMN subscription_stopped_at timestamptz,
      ADD COLUMN role_sync_needed boolean NOT NULL DEFAULT false;
    CREATE INDEX memberships_role_sync_idx ON memberships (uid) WHERE role_sync_needed;
    CREATE INDEX memberships_unstopped_idx ON memberships (uid)
      WHERE status = 'expired' AND mollie_subscription_id IS NOT NULL AND subscription_stopped_at IS NULL;

    ALTER TABLE payments
      ADD COLUMN period text NOT NULL DEFAULT '1 month',
      ADD COLUMN mandate_id text,
      ADD COLUMN failed_at timestamptz,
      ADD COLUMN checked_at timestamptz NOT NULL DEFAULT now(),
      ADD CONSTRAINT payments_status_check
        CHECK (status IN ('open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired'));
    CREATE INDEX payments_first_idx ON payments (uid, created_at DESC) WHERE sequence_type = 'first';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX payments_first_idx;
    ALTER TABLE payments
      DROP CONSTRAINT payments_status_check,
      DROP COLUMN checked_at,
      DROP COLUMN failed_at,
      DROP COLUMN mandate_id,
      DROP COLUMN period;
    DROP INDEX memberships_unstopped_idx;
    DROP INDEX memberships_role_sync_idx;
    ALTER TABLE memberships
      DROP COLUMN role_sync_needed,
      DROP COLUMN subscription_stopped_at,
      DROP COLUMN subscription_interval,
      DROP COLUMN grace_until;
  `.execute(db);
}
