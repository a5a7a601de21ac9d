import { type Kysely, sql } from 'kysely';

/**
 * Issue 23: posts and comments are Markdown (contract/src/markdown.ts), and the search index holds
 * what a member sees of them: a link by its text, not by its address. `kring_member_text` drops the
 * target of inline links and images (`[text](url "title")`, `![alt](url)`) and reference definitions
 * (`[1]: url`); an address a member typed bare stays, since it shows as text. Postgres' Dutch parser
 * already skips the rest of the markup (`**vet**` indexes `vet`). Existing rows are re-indexed.
 */
const memberText = sql`
  CREATE FUNCTION kring_member_text(doc text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
      SELECT regexp_replace(
        regexp_replace(coalesce(doc, ''), '\\]\\([^()]*(\\([^()]*\\)[^()]*)*\\)', ']', 'g'),
        '^ {0,3}\\[[^\\]]+\\]:[^\\n]*$', '', 'gn')
    $$;
`;

/** The triggers of 0009 with the member's text as `body`; `wrap` is the SQL around NEW.content. */
const triggers = (wrap: (content: string) => string) => `
  CREATE OR REPLACE FUNCTION search_index_post() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN
      DELETE FROM search_documents WHERE kind = 'post' AND ref_id = OLD.id AND ref_slug = '';
      RETURN OLD;
    END IF;
    INSERT INTO search_documents (kind, ref_id, post_id, document, removed, created_at)
    VALUES ('post', NEW.id, NEW.id, kring_search_vector(NEW.title, ${wrap('NEW.content')}),
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

  CREATE OR REPLACE FUNCTION search_index_comment() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN
      DELETE FROM search_documents WHERE kind = 'comment' AND ref_id = OLD.id AND ref_slug = '';
      RETURN OLD;
    END IF;
    INSERT INTO search_documents (kind, ref_id, post_id, document, removed, created_at)
    VALUES ('comment', NEW.id, NEW.post_id, kring_search_vector(NULL, ${wrap('NEW.content')}),
      NEW.deleted_at IS NOT NULL
        OR EXISTS (SELECT 1 FROM posts p WHERE p.id = NEW.post_id AND p.deleted_at IS NOT NULL),
      NEW.created_at)
    ON CONFLICT (kind, ref_id, ref_slug) DO UPDATE
      SET document = EXCLUDED.document, removed = EXCLUDED.removed;
    RETURN NEW;
  END
  $$;
`;

const reindex = (wrap: (content: string) => string) => `
  UPDATE search_documents d SET document = kring_search_vector(p.title, ${wrap('p.content')})
    FROM posts p WHERE d.kind = 'post' AND d.ref_id = p.id AND d.ref_slug = '';
  UPDATE search_documents d SET document = kring_search_vector(NULL, ${wrap('c.content')})
    FROM comments c WHERE d.kind = 'comment' AND d.ref_id = c.id AND d.ref_slug = '';
`;

const asSeen = (content: string) => `kring_member_text(${content})`;
const asStored = (content: string) => content;

export async function up(db: Kysely<unknown>): Promise<void> {
  await memberText.execute(db);
  await sql.raw(triggers(asSeen)).execute(db);
  await sql.raw(reindex(asSeen)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(triggers(asStored)).execute(db);
  await sql.raw(reindex(asStored)).execute(db);
  await sql`DROP FUNCTION kring_member_text(text)`.execute(db);
}
