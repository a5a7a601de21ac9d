import { config } from '../../lib/config.ts';
import { ApiError } from '../../lib/errors.ts';
import { logs } from '../../lib/logs.ts';

export interface ArticleLookupDeps {
  fetch?: typeof fetch;
  cms?: { url: string; token: string };
  timeoutMs?: number;
}

/**
 * Whether a published kennisbank article with this slug exists in the CMS (Strapi's REST API with the
 * server-side token). A CMS that cannot answer is a 503 UNAVAILABLE: the caller may retry, and the
 * post is not stored with a link nobody checked.
 */
export async function articleExists(slug: string, deps: ArticleLookupDeps = {}): Promise<boolean> {
  const cms = deps.cms ?? config.cms();
  const query = new URLSearchParams({
    'filters[slug][$eq]': slug,
    'fields[0]': 'slug',
    'pagination[pageSize]': '1',
  });
  const url = `${cms.url.replace(/\/$/, '')}/api/articles?${query}`;
  let body: unknown;
  try {
    const res = await (deps.fetch ?? fetch)(url, {
      headers: { accept: 'application/json', ...(cms.token ? { authorization: `Bearer ${cms.token}` } : {}) },
      signal: AbortSignal.timeout(deps.timeoutMs ?? 5_000),
    });
    if (!res.ok) throw new Error(`CMS answered ${res.status}`);
    body = await res.json();
  } catch (error) {
    logs.warn('article lookup failed', { slug, error });
    throw new ApiError('UNAVAILABLE', 'CMS_UNAVAILABLE');
  }
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) {
    logs.warn('article lookup: unexpected CMS answer', { slug });
    throw new ApiError('UNAVAILABLE', 'CMS_UNAVAILABLE');
  }
  // Strapi matches $eq exactly, but a misconfigured filter would return every entry: check the slug.
  return data.some((entry) => (entry as { slug?: unknown } | null)?.slug === slug);
}
