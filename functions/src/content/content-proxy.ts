/**
 * The SPA's only way to the CMS: `GET /web/content/{type}` and `/web/content/{type}/{slug}`.
 * The function holds the Strapi token (a key in an SPA bundle is public), allows only the known
 * content types and published entries, and sets Cache-Control for the Hosting CDN.
 */
import {
  assertRequiredProperties,
  ContentError,
  ContentInternalError,
  ContentNotFoundError,
  missingRequiredProperty,
  readCmsJson,
  stripUndefinedDeep,
} from './content-helper.ts';
import { type ContentTypeApiId, contentTypeDef, isContentTypeApiId } from './content-types.ts';

export interface ContentProxyConfig {
  cmsUrl: string;
  cmsToken: string;
  fetchImpl?: typeof fetch;
  log?: (msg: string, details?: unknown) => void;
  /** Per CMS request; a hanging CMS becomes a 502 instead of a function timeout. */
  timeoutMs?: number;
}

export interface ContentProxyResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * 200: browsers keep it a minute, the CDN five; for ten more minutes the CDN may serve the stale
 * copy while it refetches, so a slow or restarting CMS is invisible and an editor's change is
 * live within about five minutes. Content is identical for everyone (no cookies, no auth).
 */
export const CACHE_OK = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';
/** 404: short, so a page published a moment later appears soon, while scans of bad URLs stay cheap. */
export const CACHE_NOT_FOUND = 'public, max-age=30, s-maxage=60';
/** 502: never cached, the next request tries the CMS again. */
export const CACHE_ERROR = 'no-store';

const DEFAULT_TIMEOUT_MS = 10_000;
/** Strapi's uid characters; anything else cannot be a slug, so it is a 404 without a CMS call. */
const SLUG_PATTERN = /^[A-Za-z0-9._~-]{1,200}$/;
/**
 * The query parameters that reach Strapi: filtering, sorting, paging, fields, relations and locale.
 * Anything else (Strapi's own switches, plugin parameters, typos) is dropped by the proxy.
 */
const ALLOWED_KEY = /^(filters|sort|pagination|fields|populate|locale)($|\[)/;
/**
 * At most this many entries per page, whatever the caller asks: the knowledge base lists up to 100
 * articles at once; a page size of 100000 would make Strapi load everything (its maxLimit is only a
 * default a CMS configuration may lift).
 */
export const CMS_PAGE_SIZE_MAX = 100;
/** Paging parameters whose numbers are capped: a page size or limit of 10000 would load the CMS. */
const PAGE_SIZE_KEYS = new Set(['pagination[pageSize]', 'pagination[limit]']);
/** Query keys that select drafts in Strapi 5 (`status`) or 4 (`publicationState`), in any qs form. */
const DRAFT_SWITCH = /^(status|publicationState)($|[[.])/;

const json = (status: number, cacheControl: string, body: unknown): ContentProxyResponse => ({
  status,
  headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': cacheControl },
  body,
});
const notFound = () => json(404, CACHE_NOT_FOUND, { error: { code: 'NOT_FOUND' } });
const internal = () => json(502, CACHE_ERROR, { error: { code: 'INTERNAL' } });

/**
 * The caller's query without draft switches, with the type's fixed parameters, and with the
 * required top-level fields added when the caller narrowed `fields` (so entries are not dropped
 * just because the caller forgot `slug`).
 */
export function buildCmsQuery(apiId: ContentTypeApiId, rawQuery: string): URLSearchParams {
  const def = contentTypeDef(apiId);
  const input = new URLSearchParams(rawQuery.startsWith('?') ? rawQuery.slice(1) : rawQuery);
  const fixedKeys = Object.keys(def.fixedQuery ?? {});
  const out = new URLSearchParams();
  const fields: string[] = [];
  let narrowed = false;

  for (const [key, rawValue] of input) {
    if (DRAFT_SWITCH.test(key)) continue;
    if (!ALLOWED_KEY.test(key)) continue;
    let value = rawValue;
    if (PAGE_SIZE_KEYS.has(key)) {
      const n = Number.parseInt(value, 10);
      value = String(Number.isFinite(n) && n >= 1 ? Math.min(n, CMS_PAGE_SIZE_MAX) : CMS_PAGE_SIZE_MAX);
    }
    if (fixedKeys.some((fixed) => key === fixed || key.startsWith(`${fixed}[`))) continue;
    if (key === 'fields' || /^fields\[\d*\]$/.test(key)) {
      narrowed = true;
      fields.push(
        ...value
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean),
      );
      continue;
    }
    out.append(key, value);
  }
  // A list is paged even when the caller did not say so, never larger than the cap.
  if (def.kind === 'collection' && ![...out.keys()].some((key) => PAGE_SIZE_KEYS.has(key))) {
    out.set('pagination[pageSize]', String(CMS_PAGE_SIZE_MAX));
  }

  if (narrowed) {
    const topLevel = def.required.filter((path) => !path.includes('.'));
    const all = [...new Set([...fields, ...topLevel])];
    all.forEach((field, i) => {
      out.append(`fields[${i}]`, field);
    });
  }
  for (const [key, value] of Object.entries(def.fixedQuery ?? {})) out.set(key, value);
  return out;
}

async function fetchCms(
  apiId: ContentTypeApiId,
  query: URLSearchParams,
  cfg: ContentProxyConfig,
): Promise<unknown> {
  const qs = query.toString();
  const url = `${cfg.cmsUrl.replace(/\/+$/, '')}/api/${apiId}${qs ? `?${qs}` : ''}`;
  const doFetch = cfg.fetchImpl ?? fetch;
  let res: Response;
  try {
    res = await doFetch(url, {
      headers: { Authorization: `Bearer ${cfg.cmsToken}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(cfg.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (err) {
    throw new ContentInternalError('CMS unreachable', { url, cause: String(err) });
  }
  return readCmsJson(res, url);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function toResponse(
  err: unknown,
  cfg: ContentProxyConfig,
  context: Record<string, unknown>,
): ContentProxyResponse {
  if (err instanceof ContentError) {
    cfg.log?.(`content proxy: ${err.message}`, { ...context, code: err.code, details: err.details });
    return err.code === 'NOT_FOUND' ? notFound() : internal();
  }
  cfg.log?.('content proxy: unexpected failure', { ...context, error: String(err) });
  return internal();
}

/**
 * `GET /web/content/{contentTypeApiId}?{rawQuery}`: a list (collections) or the entry (single
 * types), published only. List entries that lack a required property are dropped and logged;
 * a single type that lacks one is a 404.
 */
export async function proxyContent(
  req: { contentTypeApiId: string; rawQuery: string },
  cfg: ContentProxyConfig,
): Promise<ContentProxyResponse> {
  const { contentTypeApiId: apiId } = req;
  if (!isContentTypeApiId(apiId)) return notFound();
  try {
    const body = await fetchCms(apiId, buildCmsQuery(apiId, req.rawQuery), cfg);
    if (!isRecord(body) || !('data' in body))
      throw new ContentInternalError('CMS body has no data', { apiId });
    const { data } = body;

    if (contentTypeDef(apiId).kind === 'single') {
      if (data === null || data === undefined)
        throw new ContentNotFoundError('single type is empty', { apiId });
      assertRequiredProperties(apiId, data);
      return json(200, CACHE_OK, stripUndefinedDeep(body));
    }

    if (!Array.isArray(data)) throw new ContentInternalError('CMS list data is not an array', { apiId });
    const kept = data.filter((entry: unknown) => {
      const missing = missingRequiredProperty(apiId, entry);
      if (missing) {
        const documentId = isRecord(entry) ? entry.documentId : undefined;
        cfg.log?.('content proxy: dropped incomplete entry', { apiId, documentId, reason: missing.message });
      }
      return !missing;
    });
    return json(200, CACHE_OK, stripUndefinedDeep({ ...body, data: kept }));
  } catch (err) {
    return toResponse(err, cfg, { apiId });
  }
}

/**
 * `GET /web/content/{contentTypeApiId}/{slug}?{rawQuery}`: the one published entry with that slug
 * as `{ data: entry, meta: {} }`, or 404 (unknown type, single type, bad slug, no such published
 * entry, or an entry lacking a required property). The caller's filters, sort and pagination
 * are replaced; `fields` and `populate` pass through.
 */
export async function proxyContentBySlug(
  req: { contentTypeApiId: string; slug: string; rawQuery?: string },
  cfg: ContentProxyConfig,
): Promise<ContentProxyResponse> {
  const { contentTypeApiId: apiId, slug } = req;
  if (!isContentTypeApiId(apiId) || contentTypeDef(apiId).kind !== 'collection') return notFound();
  if (!SLUG_PATTERN.test(slug)) return notFound();
  try {
    const query = buildCmsQuery(apiId, req.rawQuery ?? '');
    for (const key of [...query.keys()]) {
      if (/^(filters|sort|pagination)($|\[)/.test(key)) query.delete(key);
    }
    query.set('filters[slug][$eq]', slug);
    query.set('pagination[pageSize]', '1');

    const body = await fetchCms(apiId, query, cfg);
    if (!isRecord(body) || !Array.isArray(body.data)) {
      throw new ContentInternalError('CMS list data is not an array', { apiId });
    }
    const entry: unknown = body.data[0];
    // The filter is the CMS's job; the check guards against a CMS that ignored it.
    if (!isRecord(entry) || entry.slug !== slug) {
      throw new ContentNotFoundError('no published entry with this slug', { apiId, slug });
    }
    assertRequiredProperties(apiId, entry);
    return json(200, CACHE_OK, stripUndefinedDeep({ data: entry, meta: {} }));
  } catch (err) {
    return toResponse(err, cfg, { apiId, slug });
  }
}

/**
 * Routes a request path to the proxy: `/web/content/{type}` or `/web/content/{type}/{slug}`
 * (the `/web` prefix is optional: the functions emulator strips it when called directly).
 * Anything else under the prefix is a 404.
 */
export function proxyContentPath(
  req: { path: string; rawQuery: string },
  cfg: ContentProxyConfig,
): Promise<ContentProxyResponse> {
  const match = /^(?:\/web)?\/content\/([^/]+)(?:\/([^/]+))?\/?$/.exec(req.path);
  if (!match?.[1]) return Promise.resolve(notFound());
  let type: string;
  let slug: string | undefined;
  try {
    type = decodeURIComponent(match[1]);
    slug = match[2] === undefined ? undefined : decodeURIComponent(match[2]);
  } catch {
    return Promise.resolve(notFound());
  }
  return slug === undefined
    ? proxyContent({ contentTypeApiId: type, rawQuery: req.rawQuery }, cfg)
    : proxyContentBySlug({ contentTypeApiId: type, slug, rawQuery: req.rawQuery }, cfg);
}
