import type { SearchHit, SearchKind, search } from '@kring/contract';
import { markdownToPlainText } from '@kring/contract/markdown';
import { z } from 'zod';
import { toProfileSummary } from '../community/profiles/profiles.repo.ts';
import { decodeCursor, encodeCursor, timestampKey } from '../community/shared/cursor.ts';
import { viewerOf } from '../community/shared/viewer.ts';
import type { Handler } from '../lib/handler.ts';
import { candidateWords, markSubstring, markWords, plainMarkdown, snippet } from './highlight.ts';
import {
  type AuthorColumns,
  type DocumentKind,
  dutchStems,
  type HitRows,
  hitRows,
  type RankedDocument,
  rankDocuments,
  rankMembers,
  similarTitles,
  type WrittenHitRow,
} from './search.repo.ts';
import { StemCache } from './stem-cache.ts';

const kindsOf: Record<Exclude<SearchKind, 'members'>, DocumentKind[]> = {
  all: ['post', 'comment', 'article'],
  posts: ['post'],
  comments: ['comment'],
  articles: ['article'],
};

const decimal = z.string().regex(/^\d{1,6}(\.\d{1,6})?$/);
const documentCursor = z.object({
  r: decimal,
  c: timestampKey,
  k: z.enum(['post', 'comment', 'article']),
  i: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  s: z.string().max(120),
});
const memberCursor = z.object({ m: decimal, i: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

const author = (row: AuthorColumns) => toProfileSummary(row.author);

type Ctx = Parameters<Handler<typeof search>>[0];
type Input = Parameters<Handler<typeof search>>[1];
type Output = Awaited<ReturnType<Handler<typeof search>>>;
type PageDocument = Pick<RankedDocument, 'kind' | 'refId' | 'refSlug'>;
type IsMatch = (word: string) => boolean;

/**
 * Search (docs/search.md). Posts, comments and kennisbank articles are ranked together by one query
 * over the index the database keeps; members are matched by name. A member never sees removed
 * items (nor comments under a removed post); moderators do, marked as removed and without text, as
 * getPost shows them.
 */
export const searchHandler: Handler<typeof search> = async (ctx, input) =>
  input.kind === 'members' ? searchMembers(ctx, input) : searchDocuments(ctx, input, kindsOf[input.kind]);

async function searchMembers(ctx: Ctx, { q, pageSize, cursor }: Input): Promise<Output> {
  const after = cursor === null ? null : decodeCursor(cursor, memberCursor);
  const rows = await rankMembers(ctx.db, {
    q,
    after: after && { score: after.m, id: after.i },
    limit: pageSize + 1,
  });
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      kind: 'member' as const,
      profile: author(row),
      name: markSubstring(row.author.name, q),
      occupation: row.occupation,
    })),
    nextCursor: rows.length > pageSize && last ? encodeCursor({ m: last.score, i: last.author_id }) : null,
    fuzzy: false,
  };
}

async function searchDocuments(ctx: Ctx, input: Input, kinds: DocumentKind[]): Promise<Output> {
  const { q, pageSize } = input;
  const after = input.cursor === null ? null : decodeCursor(input.cursor, documentCursor);
  const ranked = await rankDocuments(ctx.db, {
    q,
    kinds,
    includeRemoved: viewerOf(ctx).isModerator,
    after: after && { rank: after.r, createdAt: after.c, kind: after.k, refId: after.i, refSlug: after.s },
    limit: pageSize + 1,
  });
  let page: PageDocument[] = ranked.slice(0, pageSize);
  let fuzzy = false;
  if (page.length === 0 && after === null) {
    page = await similarTitles(ctx.db, { q, kinds, limit: pageSize });
    fuzzy = page.length > 0;
  }
  const last = ranked.length > pageSize ? ranked[pageSize - 1] : undefined;
  const hits = await loadHits(ctx, page, fuzzy ? null : q);
  const removedByRank = (commentId: number) =>
    ranked.find((r) => r.kind === 'comment' && r.refId === commentId)?.removed ?? false;
  return {
    items: page.flatMap((doc) => toHit(doc, hits, removedByRank)),
    nextCursor: last
      ? encodeCursor({ r: last.rank, c: last.createdAt, k: last.kind, i: last.refId, s: last.refSlug })
      : null,
    fuzzy,
  };
}

type Hits = Awaited<ReturnType<typeof loadHits>>;

/** Stems looked up once per instance (see StemCache): at most 20,000 words, then it starts over. */
const stemCache = new StemCache(20_000);

/** The rows behind a page of documents, by kind, and which words of their text match the query
 * (none for a fuzzy page, `q` null: its titles are only alike). */
async function loadHits(ctx: Ctx, page: PageDocument[], q: string | null) {
  const ids = (kind: DocumentKind) => page.filter((d) => d.kind === kind).map((d) => d.refId);
  // Nothing found: nothing to read or mark, so no statement (a search without hits stays within 4).
  const { posts, comments, articles, lexemes }: HitRows =
    page.length === 0
      ? { posts: [], comments: [], articles: [], lexemes: [] }
      : await hitRows(ctx.db, {
          postIds: ids('post'),
          commentIds: ids('comment'),
          slugs: page.filter((d) => d.kind === 'article').map((d) => d.refSlug),
          q,
        });
  const texts = [
    ...posts.flatMap((p) => [p.title, p.deleted_at ? '' : markdownToPlainText(p.content)]),
    ...comments.flatMap((c) => (c.deleted_at ? [] : [markdownToPlainText(c.content)])),
    ...articles.flatMap((a) => [a.title, a.summary, plainMarkdown(a.body)]),
  ];
  const stems = await stemCache.stemsOf(candidateWords(texts, lexemes), (words) => dutchStems(ctx.db, words));
  const wanted = new Set(lexemes);
  const isMatch: IsMatch = (word) => {
    const stem = stems.get(word);
    return stem !== undefined && stem !== null && wanted.has(stem);
  };
  return {
    postById: new Map(posts.map((p) => [p.id, p])),
    commentById: new Map(comments.map((c) => [c.id, c])),
    articleBySlug: new Map(articles.map((a) => [a.slug, a])),
    isMatch,
  };
}

/** What a post hit and a comment hit both show: the text's snippet (none once removed), author, date. */
const written = (row: WrittenHitRow, isMatch: IsMatch) => ({
  snippet: row.deleted_at ? [] : snippet(markdownToPlainText(row.content), isMatch),
  author: author(row),
  createdAt: row.created_at.toISOString(),
});

function toHit(doc: PageDocument, hits: Hits, removedByRank: (commentId: number) => boolean): SearchHit[] {
  const { isMatch } = hits;
  if (doc.kind === 'post') {
    const p = hits.postById.get(doc.refId);
    if (!p) return [];
    return [
      {
        kind: 'post',
        id: p.id,
        title: markWords(p.title, isMatch),
        ...written(p, isMatch),
        commentCount: p.comment_count,
        removed: p.deleted_at !== null,
      },
    ];
  }
  if (doc.kind === 'comment') {
    const c = hits.commentById.get(doc.refId);
    if (!c) return [];
    return [
      {
        kind: 'comment',
        id: c.id,
        postId: c.post_id,
        postTitle: c.post_title,
        ...written(c, isMatch),
        removed: c.deleted_at !== null || removedByRank(c.id),
      },
    ];
  }
  const a = hits.articleBySlug.get(doc.refSlug);
  if (!a) return [];
  const summaryMatches = markWords(a.summary, isMatch).some((part) => part.mark);
  return [
    {
      kind: 'article',
      slug: a.slug,
      title: markWords(a.title, isMatch),
      snippet: snippet(summaryMatches ? a.summary : `${a.summary}\n${plainMarkdown(a.body)}`, isMatch),
      publishedAt: a.published_at.toISOString(),
    },
  ];
}
