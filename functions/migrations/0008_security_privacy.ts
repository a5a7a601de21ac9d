import { type Kysely, sql } from 'kysely';

/**
 * Security and privacy (issue 15; docs/privacy.md, docs/security.md, docs/payments.md):
 * - profiles.deleted_at: the member deleted their account; the profile row stays as a tombstone with
 *   no personal data ("Verwijderd lid") so their posts and comments keep their threads;
 * - moderation_log.moderator_uid may become null: a moderator who deletes their account leaves the
 *   log's actions without their identity;
 * - accounts.email_verified: the address was verified (from the ID token); mail only goes to verified
 *   addresses;
 * - payments.amount_refunded / amount_charged_back / reversed_at: Mollie's refunds and chargebacks; a
 *   fully refunded or charged-back payment no longer buys a period;
 * - payments.amount_mismatch: a paid payment whose amount or currency is not the member's plan's; it
 *   buys nothing (decided once, when first recorded, so a later price change does not re-judge it);
 * - uploads: every uploaded post image, so images never attached to a post are swept after 24 hours.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE profiles ADD COLUMN deleted_at timestamptz;
    CREATE INDEX profiles_live_created_idx ON profiles (created_at DESC, id DESC) WHERE deleted_at IS NULL;

    ALTER TABLE moderation_log
      ALTER COLUMN moderator_uid DROP NOT NULL,
      DROP CONSTRAINT moderation_log_moderator_uid_fkey,
      ADD CONSTRAINT moderation_log_moderator_uid_fkey
        FOREIGN KEY (moderator_uid) REFERENCES accounts (uid) ON DELETE SET NULL;

    ALTER TABLE accounts ADD COLUMN email_verified boolean NOT NULL DEFAULT false;

    ALTER TABLE payments
      ADD COLUMN amount_refunded text NOT NULL DEFAULT '0.00',
      ADD COLUMN amount_charged_back text NOT NULL DEFAULT '0.00',
      ADD COLUMN reversed_at timestamptz,
      ADD COLUMN amount_mismatch boolean NOT NULL DEFAULT false;

    CREATE INDEX memberships_retention_idx ON memberships (expired_at) WHERE status = 'expired';

    CREATE TABLE uploads (
      ref text PRIMARY KEY,
      profile_id bigint NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX uploads_created_idx ON uploads (created_at);
    CREATE INDEX uploads_profile_idx ON uploads (profile_id);
    CREATE INDEX post_images_ref_idx ON post_images (ref);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX post_images_ref_idx;
    DROP TABLE uploads;
    DROP INDEX memberships_retention_idx;
    ALTER TABLE payments
      DROP COLUMN amount_mismatch,
      DROP COLUMN reversed_at,
      DROP COLUMN amount_charged_back,
      DROP COLUMN amount_refunded;
    ALTER TABLE accounts DROP COLUMN email_verified;
    ALTER TABLE moderation_log
      DROP CONSTRAINT moderation_log_moderator_uid_fkey,
      ADD CONSTRAINT moderation_log_moderator_uid_fkey FOREIGN KEY (moderator_uid) REFERENCES accounts (uid),
      ALTER COLUMN moderator_uid SET NOT NULL;
    DROP INDEX profiles_live_created_idx;
    ALTER TABLE profiles DROP COLUMN deleted_at;
  `.execute(db);
}
