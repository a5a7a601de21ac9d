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
  articlesForHits,
  commentsForHits,
  type DocumentKind,
  dutchStems,
  postsForHits,
  queryLexemes,
  type RankedDocument,
  rankDocuments,
  rankMembers,
  similarTitles,
} from './search.repo.ts';

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

/**
 * Search (docs/search.md). Posts, comments and kennisbank articles are ranked together by one query
 * over the index the database keeps; members are matched by name. A member never sees removed
 * items (nor comments under a removed post); moderators do, marked as removed and without text, as
 * getPost shows them.
 */
export const searchHandler: Handler<typeof search> = async (ctx, input) => {
  const { q, kind, pageSize } = input;
  const viewer = viewerOf(ctx);

  if (kind === 'members') {
    const after = input.cursor === null ? null : decodeCursor(input.cursor, memberCursor);
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

  const kinds = kindsOf[kind];
  const after = input.cursor === null ? null : decodeCursor(input.cursor, documentCursor);
  const ranked = await rankDocuments(ctx.db, {
    q,
    kinds,
    includeRemoved: viewer.isModerator,
    after: after && { rank: after.r, createdAt: after.c, kind: after.k, refId: after.i, refSlug: after.s },
    limit: pageSize + 1,
  });
  let page: Pick<RankedDocument, 'kind' | 'refId' | 'refSlug'>[] = ranked.slice(0, pageSize);
  let fuzzy = false;
  if (page.length === 0 && after === null) {
    page = await similarTitles(ctx.db, { q, kinds, limit: pageSize });
    fuzzy = page.length > 0;
  }
  const last = ranked.length > pageSize ? ranked[pageSize - 1] : undefined;

  const [posts, comments, articles, lexemes] = await Promise.all([
    postsForHits(
      ctx.db,
      page.filter((d) => d.kind === 'post').map((d) => d.refId),
    ),
    commentsForHits(
      ctx.db,
      page.filter((d) => d.kind === 'comment').map((d) => d.refId),
    ),
    articlesForHits(
      ctx.db,
      page.filter((d) => d.kind === 'article').map((d) => d.refSlug),
    ),
    fuzzy ? Promise.resolve([]) : queryLexemes(ctx.db, q),
  ]);

  const texts = [
    ...posts.flatMap((p) => [p.title, p.deleted_at ? '' : markdownToPlainText(p.content)]),
    ...comments.flatMap((c) => (c.deleted_at ? [] : [markdownToPlainText(c.content)])),
    ...articles.flatMap((a) => [a.title, a.summary, plainMarkdown(a.body)]),
  ];
  const stems = await dutchStems(ctx.db, candidateWords(texts, lexemes));
  const wanted = new Set(lexemes);
  const isMatch = (word: string) => {
    const stem = stems.get(word);
    return stem !== undefined && stem !== null && wanted.has(stem);
  };

  const postById = new Map(posts.map((p) => [p.id, p]));
  const commentById = new Map(comments.map((c) => [c.id, c]));
  const articleBySlug = new Map(articles.map((a) => [a.slug, a]));
  const items: SearchHit[] = page.flatMap((doc): SearchHit[] => {
    if (doc.kind === 'post') {
      const p = postById.get(doc.refId);
      if (!p) return [];
      return [
        {
          kind: 'post',
          id: p.id,
          title: markWords(p.title, isMatch),
          snippet: p.deleted_at ? [] : snippet(markdownToPlainText(p.content), isMatch),
          author: author(p),
          commentCount: p.comment_count,
          createdAt: p.created_at.toISOString(),
          removed: p.deleted_at !== null,
        },
      ];
    }
    if (doc.kind === 'comment') {
      const c = commentById.get(doc.refId);
      if (!c) return [];
      return [
        {
          kind: 'comment',
          id: c.id,
          postId: c.post_id,
          postTitle: c.post_title,
          snippet: c.deleted_at ? [] : snippet(markdownToPlainText(c.content), isMatch),
          author: author(c),
          createdAt: c.created_at.toISOString(),
          removed:
            c.deleted_at !== null ||
            (ranked.find((r) => r.kind === 'comment' && r.refId === c.id)?.removed ?? false),
        },
      ];
    }
    const a = articleBySlug.get(doc.refSlug);
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
  });

  return {
    items,
    nextCursor: last
      ? encodeCursor({ r: last.rank, c: last.createdAt, k: last.kind, i: last.refId, s: last.refSlug })
      : null,
    fuzzy,
  };
};
