import { type Kysely, sql } from 'kysely';

/**
 * Search, reports, a moderation queue, suspensions and chat blocks (issue 16; docs/search.md).
 *
 * Search:
 * - Extensions pg_trgm (member names, typos) and unaccent ('café' finds 'cafe'). Both are trusted
 *   extensions on PostgreSQL 13+, ship with Debian's postgresql-15 and Cloud SQL, and PGlite loads
 *   them (tools/postgres/server.ts). When unaccent is not available, kring_unaccent() returns its
 *   input unchanged and everything else still works (accents then have to match).
 * - kring_search_vector(title, body): the `dutch` configuration, title weight A, body weight B, and
 *   one Dutch spelling rule the Snowball stemmer lacks: a stem ending in v or z ends in f or s
 *   ('tarieven' → 'tariev' → 'tarief', 'prijzen' → 'prijs'), so plural and singular meet.
 *   kring_search_query(q) applies the same to what a member types (websearch syntax, never an error).
 * - search_documents: one row per post, comment and kennisbank article with its tsvector and a GIN
 *   index. Triggers on posts, comments and kennisbank_articles keep it current on every insert,
 *   edit, removal and delete, so no code can forget to.
 * - kennisbank_articles: the published kennisbank articles as the CMS sends them (webhook, re-index).
 *
 * Reports: one per member per item (post, comment, chat message, profile), open until a moderator
 * resolves every report on that item at once. Suspensions: an admin sets a member's role to None
 * until a date; the hourly job restores it. chat_blocks: who blocked whom.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  const { rows } = await sql<{ available: boolean }>`
    SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'unaccent') AS available
  `.execute(db);
  await createUnaccent(db, rows[0]?.available ?? false);
  await sql`
    -- The Dutch stem of a word, with stem-final v/z written f/s (see above).
    CREATE FUNCTION kring_dutch_lexeme(text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $$ SELECT regexp_replace(regexp_replace($1, '(..)v$', '\\1f'), '(..)z$', '\\1s') $$;

    CREATE FUNCTION kring_dutch_vector(doc text, weight text) RETURNS tsvector
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$
        SELECT coalesce(string_agg(
          '''' || replace(replace(kring_dutch_lexeme(t.lexeme), '\\', '\\\\'), '''', '''''') || ''':' ||
            (SELECT string_agg(p::text || weight, ',') FROM unnest(t.positions) p),
          ' ')::tsvector, ''::tsvector)
        FROM unnest(to_tsvector('dutch'::regconfig, kring_unaccent(coalesce(doc, '')))) t
      $$;

    CREATE FUNCTION kring_search_vector(title text, body text) RETURNS tsvector
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT kring_dutch_vector(title, 'A') || kring_dutch_vector(body, 'B') $$;

    CREATE FUNCTION kring_search_query(q text) RETURNS tsquery
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $$
        SELECT regexp_replace(regexp_replace(
          websearch_to_tsquery('dutch'::regconfig, kring_unaccent(q))::text,
          '([^'' ]{2})v''', '\\1f''', 'g'), '([^'' ]{2})z''', '\\1s''', 'g')::tsquery
      $$;

    CREATE TABLE kennisbank_articles (
      slug text PRIMARY KEY,
      -- Strapi's documentId: a renamed slug replaces the old row instead of leaving it behind.
      document_id text UNIQUE,
      title text NOT NULL,
      summary text NOT NULL DEFAULT '',
      body text NOT NULL DEFAULT '',
      published_at timestamptz NOT NULL,
      indexed_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE search_documents (
      kind text NOT NULL CHECK (kind IN ('post', 'comment', 'article')),
      ref_id bigint NOT NULL DEFAULT 0,
      ref_slug text NOT NULL DEFAULT '',
      post_id bigint,
      document tsvector NOT NULL,
      removed boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (kind, ref_id, ref_slug)
    );
    CREATE INDEX search_documents_gin_idx ON search_documents USING gin (document);
    CREATE INDEX search_documents_post_idx ON search_documents (post_id) WHERE kind = 'comment';
    -- A common word: the newest matches by walking this index (search.repo.ts RANKED_MATCHES_MAX).
    CREATE INDEX search_documents_created_idx ON search_documents (created_at DESC);

    CREATE FUNCTION search_index_post() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        DELETE FROM search_documents WHERE kind = 'post' AND ref_id = OLD.id AND ref_slug = '';
        RETURN OLD;
      END IF;
      INSERT INTO search_documents (kind, ref_id, post_id, document, removed, created_at)
      VALUES ('post', NEW.id, NEW.id, kring_search_vector(NEW.title, NEW.content),
        NEW.deleted_at IS NOT NULL, NEW.created_at)
      ON CONFLICT (kind, ref_id, ref_slug) DO UPDATE
        SET document = EXCLUDED.document, removed = EXCLUDED.removed;
      -- A removed post takes its comments out of search with it.
      IF TG_OP = 'UPDATE' AND OLD.deleted_at IS DISTINCT FROM NEW.deleted_at THEN
        UPDATE search_documents d SET removed = (NEW.deleted_at IS NOT NULL OR c.deleted_at IS NOT NULL)
        FROM comments c
        WHERE d.kind = 'comment' AND d.post_id = NEW.id AND d.ref_id = c.id AND d.ref_slug = '';
      END IF;
      RETURN NEW;
    END
    $$;
    CREATE TRIGGER posts_search_index AFTER INSERT OR DELETE OR UPDATE OF title, content, deleted_at
      ON posts FOR EACH ROW EXECUTE FUNCTION search_index_post();

    CREATE FUNCTION search_index_comment() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        DELETE FROM search_documents WHERE kind = 'comment' AND ref_id = OLD.id AND ref_slug = '';
        RETURN OLD;
      END IF;
      INSERT INTO search_documents (kind, ref_id, post_id, document, removed, created_at)
      VALUES ('comment', NEW.id, NEW.post_id, kring_search_vector(NULL, NEW.content),
        NEW.deleted_at IS NOT NULL
          OR EXISTS (SELECT 1 FROM posts p WHERE p.id = NEW.post_id AND p.deleted_at IS NOT NULL),
        NEW.created_at)
      ON CONFLICT (kind, ref_id, ref_slug) DO UPDATE
        SET document = EXCLUDED.document, removed = EXCLUDED.removed;
      RETURN NEW;
    END
    $$;
    CREATE TRIGGER comments_search_index AFTER INSERT OR DELETE OR UPDATE OF content, deleted_at
      ON comments FOR EACH ROW EXECUTE FUNCTION search_index_comment();

    CREATE FUNCTION search_index_article() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        DELETE FROM search_documents WHERE kind = 'article' AND ref_id = 0 AND ref_slug = OLD.slug;
        RETURN OLD;
      END IF;
      INSERT INTO search_documents (kind, ref_slug, document, created_at)
      VALUES ('article', NEW.slug,
        kring_search_vector(NEW.title, NEW.summary || E'\n' || NEW.body), NEW.published_at)
      ON CONFLICT (kind, ref_id, ref_slug) DO UPDATE
        SET document = EXCLUDED.document, created_at = EXCLUDED.created_at;
      RETURN NEW;
    END
    $$;
    CREATE TRIGGER kennisbank_articles_search_index AFTER INSERT OR DELETE OR UPDATE
      ON kennisbank_articles FOR EACH ROW EXECUTE FUNCTION search_index_article();

    INSERT INTO search_documents (kind, ref_id, post_id, document, removed, created_at)
    SELECT 'post', id, id, kring_search_vector(title, content), deleted_at IS NOT NULL, created_at FROM posts;
    INSERT INTO search_documents (kind, ref_id, post_id, document, removed, created_at)
    SELECT 'comment', c.id, c.post_id, kring_search_vector(NULL, c.content),
      c.deleted_at IS NOT NULL OR p.deleted_at IS NOT NULL, c.created_at
    FROM comments c JOIN posts p ON p.id = c.post_id;

    -- Member names: trigram similarity finds 'Sane' for 'Sanne' and parts of names.
    CREATE INDEX profiles_name_trgm_idx ON profiles USING gin (lower(name) gin_trgm_ops);
    -- Typos in posts: the fallback compares the query with titles.
    CREATE INDEX posts_title_trgm_idx ON posts USING gin (lower(title) gin_trgm_ops) WHERE deleted_at IS NULL;
    CREATE INDEX kennisbank_articles_title_trgm_idx ON kennisbank_articles USING gin (lower(title) gin_trgm_ops);

    CREATE TABLE reports (
      id bigserial PRIMARY KEY,
      reporter_id bigint NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      item_kind text NOT NULL CHECK (item_kind IN ('post', 'comment', 'message', 'profile')),
      item_id bigint NOT NULL,
      reason text NOT NULL CHECK (reason IN ('spam', 'harassment', 'hate', 'inappropriate', 'misinformation', 'other')),
      details text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz,
      -- A moderator who deletes their account (issue 15) leaves their decisions without a name.
      resolved_by text REFERENCES accounts (uid) ON DELETE SET NULL,
      resolution text CHECK (resolution IN ('dismissed', 'removed', 'suspended')),
      UNIQUE (reporter_id, item_kind, item_id)
    );
    CREATE INDEX reports_open_idx ON reports (item_kind, item_id, created_at) WHERE resolved_at IS NULL;

    CREATE TABLE suspensions (
      uid text PRIMARY KEY REFERENCES accounts (uid) ON DELETE CASCADE,
      suspended_until timestamptz NOT NULL,
      previous_role smallint NOT NULL,
      reason text NOT NULL,
      suspended_by text REFERENCES accounts (uid) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      lifted_at timestamptz
    );
    CREATE INDEX suspensions_due_idx ON suspensions (suspended_until) WHERE lifted_at IS NULL;

    CREATE TABLE chat_blocks (
      blocker_id bigint NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      blocked_id bigint NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (blocker_id, blocked_id),
      CHECK (blocker_id <> blocked_id)
    );

    ALTER TABLE moderation_log DROP CONSTRAINT moderation_log_action_check;
    ALTER TABLE moderation_log ADD CONSTRAINT moderation_log_action_check CHECK (action IN (
      'PIN_POST', 'UNPIN_POST', 'DELETE_POST', 'DELETE_COMMENT', 'DISMISS_REPORTS', 'SUSPEND_MEMBER'));
    ALTER TABLE moderation_log
      ADD COLUMN item_kind text CHECK (item_kind IN ('post', 'comment', 'message', 'profile')),
      ADD COLUMN item_id bigint,
      ADD COLUMN subject_uid text REFERENCES accounts (uid) ON DELETE SET NULL,
      ADD COLUMN suspended_until timestamptz;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE moderation_log DROP COLUMN item_kind, DROP COLUMN item_id, DROP COLUMN subject_uid,
      DROP COLUMN suspended_until;
    DELETE FROM moderation_log WHERE action IN ('DISMISS_REPORTS', 'SUSPEND_MEMBER');
    ALTER TABLE moderation_log DROP CONSTRAINT moderation_log_action_check;
    ALTER TABLE moderation_log ADD CONSTRAINT moderation_log_action_check
      CHECK (action IN ('PIN_POST', 'UNPIN_POST', 'DELETE_POST', 'DELETE_COMMENT'));
    DROP TABLE chat_blocks, suspensions, reports;
    DROP INDEX kennisbank_articles_title_trgm_idx, posts_title_trgm_idx, profiles_name_trgm_idx;
    DROP TRIGGER kennisbank_articles_search_index ON kennisbank_articles;
    DROP TRIGGER comments_search_index ON comments;
    DROP TRIGGER posts_search_index ON posts;
    DROP TABLE search_documents, kennisbank_articles;
    DROP FUNCTION search_index_article(), search_index_comment(), search_index_post(),
      kring_search_query(text), kring_search_vector(text, text), kring_dutch_vector(text, text),
      kring_dutch_lexeme(text), kring_unaccent(text);
  `.execute(db);
}

/**
 * kring_unaccent(text): with the unaccent extension, its dictionary (schema-qualified, so a restore
 * or another search_path still finds it); without it, the text unchanged. Exported so the test can
 * build the fallback too.
 */
export async function createUnaccent(db: Kysely<unknown>, available: boolean): Promise<void> {
  if (!available) {
    await sql`
      CREATE OR REPLACE FUNCTION kring_unaccent(text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS 'SELECT $1'
    `.execute(db);
    return;
  }
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
  const { rows } = await sql<{ schema: string }>`
    SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE e.extname = 'unaccent'
  `.execute(db);
  const schema = rows[0]!.schema.replaceAll('"', '""');
  const body = `SELECT "${schema}".unaccent('"${schema}".unaccent'::regdictionary, $1)`;
  await sql`
    CREATE OR REPLACE FUNCTION kring_unaccent(text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS ${sql.lit(body)}
  `.execute(db);
}
