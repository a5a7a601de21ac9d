import { type Kysely, sql } from 'kysely';

/**
 * What the community feed needs beyond 0001:
 * - post_vote_removals: an undone post vote leaves a trace, so a points-ordered listPosts cursor can
 *   rank posts by their points at the moment of its first page (docs/community-api.md, cursors).
 * - indexes on the creation time of votes and comments (the cursor's correction and the 7-day
 *   trending window read only recent rows) and on topics by post count (listTopicsByPostCount).
 * - notification_actors.last_action_at: after an undone vote the latest remaining actor is named.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE post_vote_removals (
      post_id bigint NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
      vote_created_at timestamptz NOT NULL,
      removed_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX post_vote_removals_removed_idx ON post_vote_removals (removed_at);
    CREATE INDEX post_votes_created_idx ON post_votes (created_at);
    CREATE INDEX comment_votes_created_idx ON comment_votes (created_at);
    CREATE INDEX comments_created_idx ON comments (created_at);
    CREATE INDEX topics_post_count_idx ON topics (post_count DESC, id);
    ALTER TABLE notification_actors ADD COLUMN last_action_at timestamptz NOT NULL DEFAULT now();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE notification_actors DROP COLUMN last_action_at;
    DROP INDEX topics_post_count_idx, comments_created_idx, comment_votes_created_idx, post_votes_created_idx;
    DROP TABLE post_vote_removals;
  `.execute(db);
}
