import { type Kysely, sql } from 'kysely';

/**
 * getPost pages comments by thread (docs/community-api.md, comments): a page is a run of top-level
 * comments, each with all its replies.
 * - comments.root_id: the top-level comment of the thread (its own id for a top-level comment), so a
 *   page loads its threads with one index lookup instead of walking the tree. Backfilled from
 *   parent_id, then NOT NULL. comments.repo.ts sets it on every insert; the trigger fills it in for
 *   an INSERT that leaves it out (hand-written SQL, seeds), from the parent's root_id.
 * - indexes: (post_id, root_id) for the threads of a page, and one per order for the top-level
 *   keyset (oldest first; most points first, then oldest).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE comments ADD COLUMN root_id bigint;
    WITH RECURSIVE tree AS (
      SELECT id, id AS root_id FROM comments WHERE parent_id IS NULL
      UNION ALL
      SELECT c.id, tree.root_id FROM comments c JOIN tree ON c.parent_id = tree.id
    )
    UPDATE comments c SET root_id = tree.root_id FROM tree WHERE c.id = tree.id;
    ALTER TABLE comments ALTER COLUMN root_id SET NOT NULL;
    ALTER TABLE comments ADD CONSTRAINT comments_root_id_fkey FOREIGN KEY (root_id) REFERENCES comments (id);
    CREATE INDEX comments_root_idx ON comments (post_id, root_id);
    CREATE INDEX comments_top_created_idx ON comments (post_id, created_at, id) WHERE parent_id IS NULL;
    -- Most points first, then oldest: -points makes that one ascending row, so the keyset is a
    -- single row comparison the index serves (a run of threads with equal points is not rescanned).
    CREATE INDEX comments_top_points_idx ON comments (post_id, (-points), created_at, id)
      WHERE parent_id IS NULL;

    CREATE FUNCTION comments_fill_root_id() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.root_id IS NULL THEN
        NEW.root_id := CASE WHEN NEW.parent_id IS NULL THEN NEW.id
          ELSE (SELECT p.root_id FROM comments p WHERE p.id = NEW.parent_id) END;
      END IF;
      RETURN NEW;
    END
    $$;
    CREATE TRIGGER comments_fill_root_id BEFORE INSERT ON comments
      FOR EACH ROW EXECUTE FUNCTION comments_fill_root_id();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER comments_fill_root_id ON comments;
    DROP FUNCTION comments_fill_root_id();
    DROP INDEX comments_top_points_idx, comments_top_created_idx, comments_root_idx;
    ALTER TABLE comments DROP COLUMN root_id;
  `.execute(db);
}
