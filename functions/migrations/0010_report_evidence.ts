import { type Kysely, sql } from 'kysely';

/**
 * Evidence under an open report outlives an account deletion (issue 21; docs/privacy.md "Reported
 * content"). When a member deletes their account, the chat messages they sent and their profile text
 * are erased at once, except a copy of what is under an open report: that is kept here, seen only by
 * moderators in the queue, and erased when the report is handled (resolveReports) or, at the latest,
 * by the daily retention job (REPORT_EVIDENCE_RETENTION_DAYS). Posts and comments need no copy: their
 * text stays as "Verwijderd lid" anyway.
 *
 * - message: content and sent date; author_id the sender's (now tombstone) profile, recipient_id the
 *   receiver (who reported it);
 * - profile: the user name, occupation and bio (content) as they were; author_id = item_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE report_evidence (
      item_kind text NOT NULL CHECK (item_kind IN ('message', 'profile')),
      item_id bigint NOT NULL,
      author_id bigint NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      recipient_id bigint REFERENCES profiles (id) ON DELETE CASCADE,
      name text NOT NULL DEFAULT '',
      occupation text NOT NULL DEFAULT '',
      content text NOT NULL DEFAULT '',
      item_created_at timestamptz NOT NULL,
      kept_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (item_kind, item_id)
    );
    CREATE INDEX report_evidence_kept_idx ON report_evidence (kept_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE report_evidence`.execute(db);
}
