import { type Kysely, sql } from 'kysely';

/**
 * Issue 25 (docs/admin.md): admin_log, one append-only row per admin action (a role change now;
 * refunds, comp memberships and exports later) with the acting admin, the member it concerns, a
 * required reason and details as JSON. The moderation log (moderation_log) stays where it is and is
 * read together with this one (UNION ALL) at /beheer/logboek: its writers, the moderation page, the
 * GDPR export and account deletion keep working unchanged.
 * Both uids become null when that account is deleted (as moderation_log.moderator_uid, 0008); the
 * entry stays. No code updates or deletes rows (admin/admin-log.repo.ts only inserts and reads).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE admin_log (
      id bigserial PRIMARY KEY,
      actor_uid text REFERENCES accounts (uid) ON DELETE SET NULL,
      action text NOT NULL CHECK (action IN ('CHANGE_ROLE')),
      subject_uid text REFERENCES accounts (uid) ON DELETE SET NULL,
      reason text NOT NULL,
      details jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX admin_log_created_idx ON admin_log (created_at DESC, id DESC);
    CREATE INDEX admin_log_subject_idx ON admin_log (subject_uid, created_at DESC) WHERE subject_uid IS NOT NULL;
    CREATE INDEX moderation_log_subject_idx ON moderation_log (subject_uid, created_at DESC)
      WHERE subject_uid IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX moderation_log_subject_idx;
    DROP TABLE admin_log;
  `.execute(db);
}
