import { sql } from 'kysely';
import { type AuthorSummaryRow, selectAuthorSummary } from '../community/profiles/profiles.repo.ts';
import { type Conn, timestampText } from '../lib/db.ts';

/**
 * The only code that runs SQL for search (docs/search.md). The index itself (search_documents) is
 * written by the database's triggers (migration 0009); here it is only read, plus
 * kennisbank_articles, which the CMS webhook and the re-index fill.
 */

export type DocumentKind = 'post' | 'comment' | 'article';

/** Where a page of ranked documents continues: the last row's sort key. */
export interface RankKey {
  rank: string;
  createdAt: string;
  kind: DocumentKind;
  refId: number;
  refSlug: string;
}

export interface RankedDocument extends RankKey {
  postId: number | null;
  removed: boolean;
}

/** The lexemes of a tsquery's text, negated ones left out. */
function lexemesOf(text: string): string[] {
  const lexemes = new Set<string>();
  for (const match of text.matchAll(/(!?)'((?:[^']|'')+)'/g)) {
    if (match[1] !== '!') lexemes.add(match[2]!.replaceAll("''", "'"));
  }
  return [...lexemes];
}

/**
 * At most this many matches are ranked: the newest ones. A word in most of the 600,000 documents
 * (docs/benchmarks.md) would otherwise be ranked in full on every call (600 ms on PostgreSQL 15);
 * like this the planner walks the created_at index until it has them (2 ms), and a rarer query uses
 * the GIN index as before. Best match first therefore means: among the newest 2,000 matches.
 */
export const RANKED_MATCHES_MAX = 2000;

/**
 * One page of posts, comments and articles matching `q`, best first: ts_rank over the weighted
 * document (title A, text B), then newest. Removed items (and comments under a removed post) only
 * when `includeRemoved` (moderators).
 */
export async function rankDocuments(
  conn: Conn,
  opts: { q: string; kinds: DocumentKind[]; includeRemoved: boolean; after: RankKey | null; limit: number },
): Promise<RankedDocument[]> {
  const { q, kinds, includeRemoved, after, limit } = opts;
  const afterClause = after
    ? sql`WHERE (m.rank, m.created_at, m.kind, m.ref_id, m.ref_slug) <
        (${after.rank}::numeric, ${after.createdAt}::timestamptz, ${after.kind}, ${after.refId}::bigint, ${after.refSlug})`
    : sql``;
  // kring_search_query(q) is written out (not a CTE) so the planner sees the query's words and picks
  // the GIN index or the created_at index by how common they are.
  const { rows } = await sql<{
    rank: string;
    created_key: string;
    kind: DocumentKind;
    ref_id: number;
    ref_slug: string;
    post_id: number | null;
    removed: boolean;
  }>`
    WITH c AS (
      SELECT d.kind, d.ref_id, d.ref_slug, d.post_id, d.removed, d.created_at, d.document
      FROM search_documents d
      WHERE d.document @@ kring_search_query(${q})
        AND d.kind = ANY(${kinds}::text[])
        ${includeRemoved ? sql`` : sql`AND NOT d.removed`}
      ORDER BY d.created_at DESC
      LIMIT ${RANKED_MATCHES_MAX}
    ),
    m AS (
      SELECT c.kind, c.ref_id, c.ref_slug, c.post_id, c.removed, c.created_at,
        round(ts_rank(c.document, kring_search_query(${q}))::numeric, 6) AS rank
      FROM c
    )
    SELECT m.rank::text AS rank, ${timestampText(sql`m.created_at`)} AS created_key, m.kind, m.ref_id,
      m.ref_slug, m.post_id, m.removed
    FROM m
    ${afterClause}
    ORDER BY m.rank DESC, m.created_at DESC, m.kind DESC, m.ref_id DESC, m.ref_slug DESC
    LIMIT ${limit}
  `.execute(conn);
  return rows.map((r) => ({
    rank: r.rank,
    createdAt: r.created_key,
    kind: r.kind,
    refId: Number(r.ref_id),
    refSlug: r.ref_slug,
    postId: r.post_id === null ? null : Number(r.post_id),
    removed: r.removed,
  }));
}

/** Typo fallback: titles of posts and articles that contain a word like the query (trigrams). */
export async function similarTitles(
  conn: Conn,
  opts: { q: string; kinds: DocumentKind[]; limit: number },
): Promise<{ kind: 'post' | 'article'; refId: number; refSlug: string }[]> {
  const q = opts.q.toLowerCase();
  const wantPosts = opts.kinds.includes('post');
  const wantArticles = opts.kinds.includes('article');
  if (!wantPosts && !wantArticles) return [];
  const { rows } = await sql<{ kind: 'post' | 'article'; ref_id: number; ref_slug: string; score: number }>`
    SELECT * FROM (
      SELECT 'post' AS kind, id AS ref_id, '' AS ref_slug, word_similarity(${q}, lower(title)) AS score
      FROM posts WHERE ${wantPosts} AND deleted_at IS NULL AND ${q} <% lower(title)
      UNION ALL
      SELECT 'article', 0, slug, word_similarity(${q}, lower(title))
      FROM kennisbank_articles WHERE ${wantArticles} AND ${q} <% lower(title)
    ) s
    ORDER BY score DESC, ref_id DESC, ref_slug
    LIMIT ${opts.limit}
  `.execute(conn);
  return rows.map((r) => ({ kind: r.kind, refId: Number(r.ref_id), refSlug: r.ref_slug }));
}

/** The author of a hit: its id (the ranking's tie-break) and its summary (`selectAuthorSummary`). */
export interface AuthorColumns {
  author_id: number;
  author: AuthorSummaryRow;
}

/** What a post hit and a comment hit both are: a member's text, maybe removed. */
export type WrittenHitRow = AuthorColumns & {
  id: number;
  content: string;
  created_at: Date;
  deleted_at: Date | null;
};

export type PostHitRow = WrittenHitRow & { title: string; comment_count: number };

export type CommentHitRow = WrittenHitRow & { post_id: number; post_title: string };

/** What a page of hits shows, read in one statement (issue 26), and the query's lexemes (none for null). */
export interface HitRows {
  posts: PostHitRow[];
  comments: CommentHitRow[];
  articles: { slug: string; title: string; summary: string; body: string; published_at: Date }[];
  lexemes: string[];
}

/**
 * The rows behind a page of documents (posts with their author, comments with their author and their
 * post's title, articles) and the lexemes of `q` ('tarieven' → tarief; negated words left out), in one
 * statement: each kind as a JSON array, timestamps read back as dates.
 */
export async function hitRows(
  conn: Conn,
  page: { postIds: number[]; commentIds: number[]; slugs: string[]; q: string | null },
): Promise<HitRows> {
  const { rows } = await sql<{
    posts: (Omit<PostHitRow, 'created_at' | 'deleted_at'> & {
      created_at: string;
      deleted_at: string | null;
    })[];
    comments: (Omit<CommentHitRow, 'created_at' | 'deleted_at'> & {
      created_at: string;
      deleted_at: string | null;
    })[];
    articles: (Omit<HitRows['articles'][number], 'published_at'> & { published_at: string })[];
    query: string | null;
  }>`
    SELECT
      (SELECT coalesce(json_agg(h), '[]') FROM (
        SELECT p.id, p.title, p.content, p.comment_count, p.created_at, p.deleted_at, p.author_id,
          ${selectAuthorSummary('p.author_id', 'author')}
        FROM posts p WHERE p.id = ANY(${page.postIds}::bigint[])) h) AS posts,
      (SELECT coalesce(json_agg(h), '[]') FROM (
        SELECT c.id, c.post_id, p.title AS post_title, c.content, c.created_at, c.deleted_at, c.author_id,
          ${selectAuthorSummary('c.author_id', 'author')}
        FROM comments c JOIN posts p ON p.id = c.post_id WHERE c.id = ANY(${page.commentIds}::bigint[])) h) AS comments,
      (SELECT coalesce(json_agg(h), '[]') FROM (
        SELECT a.slug, a.title, a.summary, a.body, a.published_at
        FROM kennisbank_articles a WHERE a.slug = ANY(${page.slugs}::text[])) h) AS articles,
      ${page.q === null ? sql`NULL` : sql`kring_search_query(${page.q})::text`} AS query
  `.execute(conn);
  const row = rows[0]!;
  const dated = <T extends { created_at: string; deleted_at: string | null }>(r: T) => ({
    ...r,
    created_at: new Date(r.created_at),
    deleted_at: r.deleted_at === null ? null : new Date(r.deleted_at),
  });
  return {
    posts: row.posts.map(dated),
    comments: row.comments.map(dated),
    articles: row.articles.map((a) => ({ ...a, published_at: new Date(a.published_at) })),
    lexemes: row.query === null ? [] : lexemesOf(row.query),
  };
}

/** Dutch stems of words, as the index makes them (null for a stop word). */
export async function dutchStems(conn: Conn, words: string[]): Promise<Map<string, string | null>> {
  if (words.length === 0) return new Map();
  const { rows } = await sql<{ word: string; stem: string | null }>`
    SELECT w AS word, kring_dutch_lexeme((ts_lexize('dutch_stem', kring_unaccent(w)))[1]) AS stem
    FROM unnest(${words}::text[]) w
  `.execute(conn);
  return new Map(rows.map((r) => [r.word, r.stem]));
}

export interface MemberKey {
  score: string;
  id: number;
}

export type MemberHitRow = AuthorColumns & { occupation: string; score: string };

/**
 * Members by name: a name that starts with the query first, then one that contains it, then
 * trigram similarity (typos: 'sane' finds 'sanne').
 */
export async function rankMembers(
  conn: Conn,
  opts: { q: string; after: MemberKey | null; limit: number },
): Promise<MemberHitRow[]> {
  const q = opts.q.toLowerCase();
  const like = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const { rows } = await sql<MemberHitRow>`
    SELECT * FROM (
      SELECT a.id AS author_id, a.occupation, ${selectAuthorSummary('a.id', 'author')},
        round((similarity(lower(a.name), ${q})
          + CASE WHEN lower(a.name) LIKE ${`${like}%`} THEN 2
                 WHEN lower(a.name) LIKE ${`%${like}%`} THEN 1 ELSE 0 END)::numeric, 6) AS score
      FROM profiles a
      WHERE a.deleted_at IS NULL
        AND (lower(a.name) % ${q} OR ${q} <% lower(a.name) OR lower(a.name) LIKE ${`%${like}%`})
    ) s
    ${opts.after ? sql`WHERE (s.score, s.author_id) < (${opts.after.score}::numeric, ${opts.after.id}::bigint)` : sql``}
    ORDER BY s.score DESC, s.author_id DESC
    LIMIT ${opts.limit}
  `.execute(conn);
  return rows.map((r) => ({ ...r, author_id: Number(r.author_id), score: String(r.score) }));
}

/**
 * Inserts or replaces a published kennisbank article (the trigger re-indexes it). The same CMS
 * document under an earlier slug is removed first.
 */
export async function upsertArticle(
  conn: Conn,
  article: {
    slug: string;
    documentId?: string | null;
    title: string;
    summary: string;
    body: string;
    publishedAt: string;
  },
): Promise<void> {
  const documentId = article.documentId ?? null;
  if (documentId !== null) {
    await conn
      .deleteFrom('kennisbank_articles')
      .where('document_id', '=', documentId)
      .where('slug', '<>', article.slug)
      .execute();
  }
  const fields = {
    document_id: documentId,
    title: article.title,
    summary: article.summary,
    body: article.body,
    published_at: article.publishedAt,
  };
  await conn
    .insertInto('kennisbank_articles')
    .values({ slug: article.slug, ...fields })
    .onConflict((oc) => oc.column('slug').doUpdateSet({ ...fields, indexed_at: sql`now()` }))
    .execute();
}

/**
 * Slugs of the indexed articles whose CMS document is this one (a delete names only the document),
 * and the event's own slug when its row has no document id (indexed from a CMS answer without one).
 */
export async function articleSlugsOfDocument(
  conn: Conn,
  documentId: string,
  slug: string | null,
): Promise<string[]> {
  const rows = await conn
    .selectFrom('kennisbank_articles')
    .select('slug')
    .where((eb) =>
      eb.or([
        eb('document_id', '=', documentId),
        ...(slug ? [eb.and([eb('slug', '=', slug), eb('document_id', 'is', null)])] : []),
      ]),
    )
    .execute();
  return rows.map((r) => r.slug);
}

export async function deleteArticle(conn: Conn, slug: string): Promise<boolean> {
  const result = await conn.deleteFrom('kennisbank_articles').where('slug', '=', slug).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Removes every article not in `keep` (the full re-index: unpublished or deleted in the CMS). */
export async function deleteArticlesExcept(conn: Conn, keep: string[]): Promise<number> {
  const query = conn.deleteFrom('kennisbank_articles');
  const result = await (keep.length ? query.where('slug', 'not in', keep) : query).executeTakeFirst();
  return Number(result.numDeletedRows);
}
