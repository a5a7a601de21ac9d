import { proxyContent } from '../content/content-proxy.ts';
import { config } from '../lib/config.ts';
import { logs } from '../lib/logs.ts';

/** What the digest shows from the CMS: the week's new kennisbank articles and the coming events. */
export interface DigestCms {
  articles: { title: string; slug: string; summary: string }[];
  events: { title: string; slug: string; startsAt: string; location: string }[];
}

export const DIGEST_ARTICLES = 5;
export const DIGEST_EVENTS = 3;
/** Events starting within this many days are 'coming'. */
export const DIGEST_EVENT_DAYS = 21;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Reads a list through the content proxy (published entries only, incomplete ones dropped). */
async function readList(apiId: 'articles' | 'events', query: Record<string, string>) {
  const cms = config.cms();
  const res = await proxyContent(
    { contentTypeApiId: apiId, rawQuery: new URLSearchParams(query).toString() },
    { cmsUrl: cms.url, cmsToken: cms.token, timeoutMs: 10_000, log: (m, d) => logs.warn(m, { details: d }) },
  );
  if (res.status !== 200 || !isRecord(res.body) || !Array.isArray(res.body.data)) {
    throw new Error(`CMS answered ${res.status} for ${apiId}`);
  }
  return res.body.data.filter(isRecord);
}

/**
 * Articles published in [since, until) and events starting in the next three weeks. A CMS that
 * is down costs the digest these two sections, not the digest: the failure is logged, the lists empty.
 */
export async function readDigestCms(since: Date, until: Date): Promise<DigestCms> {
  try {
    const [articles, events] = await Promise.all([
      readList('articles', {
        'filters[publishDate][$gte]': since.toISOString().slice(0, 10),
        'filters[publishDate][$lt]': until.toISOString().slice(0, 10),
        'sort[0]': 'publishDate:desc',
        'pagination[pageSize]': String(DIGEST_ARTICLES),
      }),
      readList('events', {
        'filters[startsAt][$gte]': until.toISOString(),
        'filters[startsAt][$lt]': new Date(until.getTime() + DIGEST_EVENT_DAYS * 86_400_000).toISOString(),
        'sort[0]': 'startsAt:asc',
        'pagination[pageSize]': String(DIGEST_EVENTS),
      }),
    ]);
    return {
      articles: articles.map((a) => ({ title: str(a.title), slug: str(a.slug), summary: str(a.summary) })),
      events: events.map((e) => ({
        title: str(e.title),
        slug: str(e.slug),
        startsAt: str(e.startsAt),
        location: str(e.location),
      })),
    };
  } catch (error) {
    logs.warn('weekly digest: CMS sections left out', { error: String(error) });
    return { articles: [], events: [] };
  }
}
