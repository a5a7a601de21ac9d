import { type Kysely, sql } from 'kysely';

/**
 * Issue 23, part A (docs/mail.md "Chat by mail", docs/community-api.md "Mentions"):
 * - mail_preferences.chat and .mentions (both on by default);
 * - mail_sends.kind 'chat': one claim per (member, conversation, period);
 * - messages.mailed_at: the message went out in a chat mail (never mailed twice); a partial index
 *   finds the unread, unmailed ones;
 * - notifications.kind 'MENTION' (one row per recipient and post, like the other kinds);
 * - mentions: who is mentioned in which post or comment. A row is never deleted by an edit (`active`
 *   goes false when the name leaves the text), so putting a name back does not notify again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE mail_preferences
      ADD COLUMN chat boolean NOT NULL DEFAULT true,
      ADD COLUMN mentions boolean NOT NULL DEFAULT true;
    ALTER TABLE mail_sends DROP CONSTRAINT mail_sends_kind_check;
    ALTER TABLE mail_sends ADD CONSTRAINT mail_sends_kind_check CHECK (kind IN ('notifications', 'digest', 'chat'));
    ALTER TABLE messages ADD COLUMN mailed_at timestamptz;
    CREATE INDEX messages_unmailed_idx ON messages (to_user_id, thread_id)
      WHERE read_at IS NULL AND mailed_at IS NULL;
    ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
    ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
      CHECK (kind IN ('REPLY_POST', 'REPLY_COMMENT', 'UPVOTE_POST', 'UPVOTE_COMMENT', 'MENTION'));
    CREATE TABLE mentions (
      id bigserial PRIMARY KEY,
      post_id bigint NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
      comment_id bigint REFERENCES comments (id) ON DELETE CASCADE,
      profile_id bigint NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX mentions_source_idx ON mentions (post_id, coalesce(comment_id, 0), profile_id);
    CREATE INDEX mentions_comment_idx ON mentions (comment_id) WHERE comment_id IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE mentions;
    DELETE FROM notifications WHERE kind = 'MENTION';
    ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
    ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
      CHECK (kind IN ('REPLY_POST', 'REPLY_COMMENT', 'UPVOTE_POST', 'UPVOTE_COMMENT'));
    DROP INDEX messages_unmailed_idx;
    ALTER TABLE messages DROP COLUMN mailed_at;
    DELETE FROM mail_sends WHERE kind = 'chat';
    ALTER TABLE mail_sends DROP CONSTRAINT mail_sends_kind_check;
    ALTER TABLE mail_sends ADD CONSTRAINT mail_sends_kind_check CHECK (kind IN ('notifications', 'digest'));
    ALTER TABLE mail_preferences DROP COLUMN chat, DROP COLUMN mentions;
  `.execute(db);
}
