import { config } from '../../lib/config.ts';
import type { Db } from '../../lib/db.ts';
import { logs } from '../../lib/logs.ts';
import { articleSlugsOfDocument, deleteArticle, deleteArticlesExcept, upsertArticle } from './search.repo.ts';

/**
 * Kennisbank articles in the search index (docs/search.md). The CMS is the source: the webhook only
 * says which article changed, and the published version is fetched from Strapi with the read-only
 * token (like the Mollie webhook, a forged or stale call cannot put text in the index). An article
 * that is not published (any more) leaves the index.
 */

const FIELDS = ['slug', 'title', 'summary', 'body', 'publishDate'] as const;
const PAGE_SIZE = 100;
const TIMEOUT_MS = 10_000;

interface CmsArticle {
  documentId?: string;
  slug: string;
  title: string;
  summary?: string | null;
  body?: string | null;
  publishDate?: string | null;
  publishedAt?: string | null;
}

async function fetchArticles(query: URLSearchParams): Promise<{ items: CmsArticle[]; pageCount: number }> {
  const cms = config.cms();
  FIELDS.forEach((field, i) => {
    query.set(`fields[${i}]`, field);
  });
  const res = await fetch(`${cms.url.replace(/\/$/, '')}/api/articles?${query}`, {
    headers: { authorization: `Bearer ${cms.token}` },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`CMS answered ${res.status} for articles`);
  const body = (await res.json()) as { data?: CmsArticle[]; meta?: { pagination?: { pageCount?: number } } };
  return { items: body.data ?? [], pageCount: body.meta?.pagination?.pageCount ?? 1 };
}

const toRow = (a: CmsArticle) => ({
  slug: a.slug,
  documentId: a.documentId ?? null,
  title: a.title,
  summary: a.summary ?? '',
  body: a.body ?? '',
  publishedAt: a.publishDate ?? a.publishedAt ?? new Date().toISOString(),
});

/**
 * Brings one article's index entry in line with the CMS: indexed when published, removed when not.
 * `documentId` (a delete event names the document) also removes the rows of that document.
 */
export async function indexArticle(
  db: Db,
  ref: { slug?: string | null; documentId?: string | null },
): Promise<'indexed' | 'removed'> {
  const slugs = new Set<string>();
  if (ref.slug) slugs.add(ref.slug);
  if (ref.documentId) for (const s of await articleSlugsOfDocument(db, ref.documentId)) slugs.add(s);
  let indexed = false;
  if (ref.slug) {
    const { items } = await fetchArticles(new URLSearchParams({ 'filters[slug][$eq]': ref.slug }));
    const article = items.find((a) => a.slug === ref.slug);
    if (article) {
      await upsertArticle(db, toRow(article));
      indexed = true;
      slugs.delete(article.slug);
    }
  }
  for (const slug of slugs) await deleteArticle(db, slug);
  return indexed ? 'indexed' : 'removed';
}

/** The full re-index: every published article in, every other one out. */
export async function reindexKennisbank(db: Db): Promise<{ indexed: number; removed: number }> {
  const all: CmsArticle[] = [];
  for (let page = 1; ; page++) {
    const { items, pageCount } = await fetchArticles(
      new URLSearchParams({
        'pagination[page]': String(page),
        'pagination[pageSize]': String(PAGE_SIZE),
        sort: 'slug',
      }),
    );
    all.push(...items);
    if (page >= pageCount || items.length === 0) break;
  }
  for (const article of all) await upsertArticle(db, toRow(article));
  const removed = await deleteArticlesExcept(
    db,
    all.map((a) => a.slug),
  );
  logs.info('kennisbank re-indexed', { indexed: all.length, removed });
  return { indexed: all.length, removed };
}
