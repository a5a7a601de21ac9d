import { type Kysely, sql } from 'kysely';

/**
 * Mail to members (docs/mail.md):
 * - mail_preferences: what a member wants by mail; no row means the defaults (replies and the weekly
 *   digest on, upvotes off);
 * - mail_sends: one row per mail a member is sent, claimed before it is sent. The unique key
 *   (profile, kind, period) is what keeps a retried or second run from sending the same mail twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE mail_preferences (
      profile_id bigint PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
      replies boolean NOT NULL DEFAULT true,
      upvotes boolean NOT NULL DEFAULT false,
      digest boolean NOT NULL DEFAULT true,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE mail_sends (
      id bigserial PRIMARY KEY,
      profile_id bigint NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('notifications', 'digest')),
      period_key text NOT NULL,
      notification_count integer NOT NULL DEFAULT 0,
      claimed_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      UNIQUE (profile_id, kind, period_key)
    );
    CREATE INDEX notifications_unmailed_idx ON notifications (recipient_id)
      WHERE read_at IS NULL AND (mailed_at IS NULL OR mailed_at < updated_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX notifications_unmailed_idx;
    DROP TABLE mail_sends;
    DROP TABLE mail_preferences;
  `.execute(db);
}
