/**
 * The `site` function: every page of the site as HTML with its content in it (docs/architecture.md,
 * "Public pages in the first HTML"), plus sitemap.xml. Hosting rewrites every path
 * that is not a static file and not `/web/**` here (robots.txt is a static file: the functions runtime
 * answers that path itself). The HTML comes from the web's server render
 * (web/src/app/server/entry-server.tsx, built into dist/ssr/ next to this bundle); the CMS answers
 * come through the content proxy in-process, kept SITE_CONTENT_TTL_SECONDS. Responses carry
 * Cache-Control for Hosting's CDN, so most visits never reach the function.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Request, Response } from 'express';
import { type ContentProxyResponse, proxyContentPath } from '../content/content-proxy.ts';
import { config } from '../lib/config.ts';
import { logs } from '../lib/logs.ts';
import { TtlCache } from '../lib/ttl-cache.ts';
import { isAssetPath, serveBuiltAsset } from './assets.ts';
import { loadMemberHints, withMemberHints } from './member-hints.ts';
import { loadPlans, PLANS_CACHE_SECONDS, PLANS_PATH } from './plans.ts';
import { ENTRY_PATHS, type SitemapEntry, STATIC_PAGES, sitemapXml } from './seo-files.ts';

/** A rendered page: a minute in the browser, five at the CDN, ten more stale while it refreshes. */
export const CACHE_PAGE = 'public, max-age=0, s-maxage=300, stale-while-revalidate=600';
/** A page showing the plans' prices (/community): the CDN keeps it no longer than the plans cache. */
export const CACHE_PRICED_PAGE = `public, max-age=0, s-maxage=${PLANS_CACHE_SECONDS}, stale-while-revalidate=${PLANS_CACHE_SECONDS}`;
/** The 404 page: briefly, so an entry published a moment later shows up soon. */
export const CACHE_NOT_FOUND = 'public, max-age=0, s-maxage=60';
/** The bare SPA shell after a failed CMS read or render: never kept, the next visit renders again. */
export const CACHE_NONE = 'no-store';

type ContentAnswer =
  | { status: 'ok'; data: unknown }
  | { status: 'not-found' }
  | { status: 'error' }
  | { status: 'unavailable' };
interface Renderer {
  renderPage(input: {
    url: string;
    origin: string;
    template: string;
    loadContent: (url: string) => Promise<ContentAnswer>;
  }): Promise<{ status: number; html: string; complete: boolean; passes: number }>;
}

/** The web's server render, its template and its build's assets (dist/ssr/ next to this bundle). */
const rendererDir = () => config.siteRendererDir() ?? fileURLToPath(new URL('./ssr/', import.meta.url));

type MemberHints = Awaited<ReturnType<typeof loadMemberHints>>;
let loaded: Promise<{ renderer: Renderer; template: string; hints: MemberHints }> | undefined;
/** The server render and its template, loaded once per instance (about 0.75 MB of JavaScript). */
function loadRenderer() {
  loaded ??= (async () => {
    const dir = rendererDir();
    const [renderer, template, hints] = await Promise.all([
      import(pathToFileURL(join(dir, 'entry-server.js')).href) as Promise<Renderer>,
      readFile(join(dir, 'template.html'), 'utf8'),
      loadMemberHints(dir),
    ]);
    return { renderer, template, hints };
  })().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

let contentCache: TtlCache<ContentProxyResponse> | undefined;

/** A content URL (`/web/content/...`) answered as the browser would get it, from the cache. */
async function loadContent(url: string): Promise<ContentAnswer> {
  contentCache ??= new TtlCache(config.siteContentTtlSeconds() * 1000);
  const [path = '', rawQuery = ''] = url.split(/\?(.*)/s);
  const cms = config.cms();
  const response = await contentCache.get(
    url,
    () =>
      proxyContentPath(
        { path, rawQuery },
        { cmsUrl: cms.url, cmsToken: cms.token, log: (message, details) => logs.warn(message, { details }) },
      ),
    (answer) => answer.status === 200 || answer.status === 404,
  );
  if (response.status === 200) return { status: 'ok', data: response.body };
  return response.status === 404 ? { status: 'not-found' } : { status: 'error' };
}

const origin = () => config.publicBaseUrl().replace(/\/+$/, '');

async function sitemap(): Promise<{ status: number; body: string }> {
  const lists = await Promise.all(
    Object.entries(ENTRY_PATHS).map(async ([type, base]) => {
      const answer = await loadContent(
        `/web/content/${type}?fields[0]=slug&fields[1]=updatedAt&pagination[pageSize]=1000`,
      );
      if (answer.status !== 'ok') return null;
      const entries = (answer.data as { data?: { slug: string; updatedAt?: string }[] }).data ?? [];
      return entries.map((entry) => ({
        path: `${base}/${encodeURIComponent(entry.slug)}`,
        lastModified: entry.updatedAt,
      }));
    }),
  );
  if (lists.some((list) => list === null)) return { status: 502, body: '' };
  const entries: SitemapEntry[] = [
    ...STATIC_PAGES.map((path) => ({ path })),
    ...lists.flatMap((l) => l ?? []),
  ];
  return { status: 200, body: sitemapXml(origin(), entries) };
}

/** The page for `req` and how long the CDN may keep it; the SPA shell when the render failed. */
async function renderPage(req: Request) {
  const { renderer, template, hints } = await loadRenderer();
  let page: { status: number; html: string; complete: boolean; passes: number };
  let priced = false;
  // The plans are not CMS content: the web function's listPlans answers them (./plans.ts).
  const load = (url: string) => {
    if (url !== PLANS_PATH) return loadContent(url);
    priced = true;
    return loadPlans(origin());
  };
  try {
    page = await renderer.renderPage({ url: req.originalUrl, origin: origin(), template, loadContent: load });
  } catch (error) {
    logs.error('site: render failed, serving the SPA shell', { error, path: req.path });
    page = { status: 200, html: template, complete: false, passes: 0 };
  }
  // A member page's code, fetched with the HTML (./member-hints.ts).
  page.html = withMemberHints(page.html, req.path, hints);
  const cacheControl = !page.complete
    ? CACHE_NONE
    : page.status === 404
      ? CACHE_NOT_FOUND
      : priced
        ? CACHE_PRICED_PAGE
        : CACHE_PAGE;
  return { page, cacheControl };
}

export async function handleSite(req: Request, res: Response): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.status(405).set({ allow: 'GET, HEAD', 'cache-control': CACHE_NONE }).send('');
    return;
  }
  const started = performance.now();
  try {
    // A hashed file the current Hosting release does not have (./assets.ts).
    if (isAssetPath(req.path)) return await serveBuiltAsset(req, res, rendererDir());
    if (req.path === '/sitemap.xml') {
      const { status, body } = await sitemap();
      res
        .status(status)
        .set({
          'content-type': 'application/xml; charset=utf-8',
          'cache-control': status === 200 ? CACHE_PAGE : CACHE_NONE,
        })
        .send(body);
      return;
    }
    const { page, cacheControl } = await renderPage(req);
    res
      .status(page.status)
      .set({
        'content-type': 'text/html; charset=utf-8',
        'cache-control': cacheControl,
        'server-timing': `render;dur=${(performance.now() - started).toFixed(1)};desc="${page.passes} passes"`,
      })
      .send(page.html);
  } catch (error) {
    logs.error('site: failed', { error, path: req.path });
    res.status(500).set({ 'content-type': 'text/plain; charset=utf-8', 'cache-control': CACHE_NONE });
    res.send('Er ging iets mis. Probeer het later opnieuw.');
  }
}
