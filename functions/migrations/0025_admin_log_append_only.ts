import { type Kysely, sql } from 'kysely';

/**
 * admin_log is append-only in the database, not only in code (docs/admin.md "The admin log"): a
 * trigger refuses every UPDATE and DELETE of a row, and TRUNCATE of the table. The one change allowed
 * is the account deletion's (GDPR, docs/privacy.md): the foreign keys' ON DELETE SET NULL turning
 * `actor_uid` / `subject_uid` of the deleted account into null, and nothing else of the row. That
 * cascade runs inside PostgreSQL's referential-integrity trigger, so this trigger sees a nesting depth
 * above 1 (`pg_trigger_depth()`); the same UPDATE sent by a client (depth 1) is refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION admin_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1
        AND (NEW.actor_uid IS NULL OR NEW.actor_uid IS NOT DISTINCT FROM OLD.actor_uid)
        AND (NEW.subject_uid IS NULL OR NEW.subject_uid IS NOT DISTINCT FROM OLD.subject_uid)
        AND (NEW.id, NEW.action, NEW.reason, NEW.details::text, NEW.created_at)
          IS NOT DISTINCT FROM (OLD.id, OLD.action, OLD.reason, OLD.details::text, OLD.created_at)
      THEN
        RETURN NEW;
      END IF;
      RAISE EXCEPTION 'admin_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
    END $$;
    CREATE TRIGGER admin_log_append_only BEFORE UPDATE OR DELETE ON admin_log
      FOR EACH ROW EXECUTE FUNCTION admin_log_append_only();
    CREATE TRIGGER admin_log_no_truncate BEFORE TRUNCATE ON admin_log
      FOR EACH STATEMENT EXECUTE FUNCTION admin_log_append_only();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER admin_log_no_truncate ON admin_log;
    DROP TRIGGER admin_log_append_only ON admin_log;
    DROP FUNCTION admin_log_append_only();
  `.execute(db);
}
