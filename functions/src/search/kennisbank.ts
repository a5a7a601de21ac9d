import { config } from '../lib/config.ts';
import type { Db } from '../lib/db.ts';
import { logs } from '../lib/logs.ts';
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
 * Strapi 5 names the document in every event (`entry.documentId`), and the document is what is
 * looked up: an event about a draft carries the draft's slug, which may be a new one the CMS does
 * not publish yet, so looking up that slug would take the published article out of search until
 * the next publish (docs/search.md). Only a call without a document id falls back to the slug.
 */
export async function indexArticle(
  db: Db,
  ref: { slug?: string | null; documentId?: string | null },
): Promise<'indexed' | 'removed'> {
  const published = ref.documentId
    ? await publishedArticle({ key: 'documentId', value: ref.documentId })
    : ref.slug
      ? await publishedArticle({ key: 'slug', value: ref.slug })
      : undefined;
  if (published) {
    // Also drops the document's rows under an earlier slug (a rename that was published).
    await upsertArticle(db, toRow(published));
    return 'indexed';
  }
  const slugs = ref.documentId
    ? await articleSlugsOfDocument(db, ref.documentId, ref.slug ?? null)
    : ref.slug
      ? [ref.slug]
      : [];
  for (const slug of slugs) await deleteArticle(db, slug);
  return 'removed';
}

async function publishedArticle(by: { key: 'documentId' | 'slug'; value: string }) {
  const { items } = await fetchArticles(new URLSearchParams({ [`filters[${by.key}][$eq]`]: by.value }));
  return items.find((a) => a[by.key] === by.value);
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
