/**
 * The server render of every page (docs/architecture.md, "Public pages in the first HTML"): the
 * same routes and components as the SPA, rendered to HTML with Emotion's styles, the head
 * (title, description, canonical, Open Graph, JSON-LD) and the CMS answers the page was rendered
 * with, so the browser hydrates without asking the content API again.
 *
 * Built by `vite build --ssr` into functions/dist/ssr/ and called by the `site` function
 * (functions/src/site/). Pages for signed-in members render their loading state here and fill in
 * in the browser, as they always did.
 */
import { StrictMode } from 'react';
import { StaticRouter } from 'react-router-dom';
import {
  ContentNotFoundError,
  type ContentResult,
  ContentStore,
  ContentStoreContext,
  roundedNow,
  snapshotOf,
} from '../../features/content/api/get-content.ts';
import { type PageMeta, PageMetaContext } from '../../lib/page-meta.ts';
import { isPublicPath } from '../../lib/session-hint.ts';
import { AppProviders } from '../providers.tsx';
import { AppRoutes } from '../router.tsx';
import { headHtml, jsonForScript } from './head.ts';
import { renderStyled } from './render-styled.tsx';
import { visitorMenuTemplate } from './visitor-menu.tsx';

/**
 * What a content URL answered: its JSON, a 404, or a failure. `unavailable`: a part the page can do
 * without (the plans on /community): it renders as the browser's loading state, the app fetches it.
 */
export type ContentAnswer =
  | { status: 'ok'; data: unknown }
  | { status: 'not-found' }
  | { status: 'error' }
  | { status: 'unavailable' };

export interface RenderInput {
  /** Path and query, e.g. `/kennisbank?onderwerp=werk`. */
  url: string;
  /** `https://site` (canonical and sharing URLs). */
  origin: string;
  /** The client build's index.html. */
  template: string;
  /** Answers a content URL (`/web/content/...`) as the proxy would. */
  loadContent: (url: string) => Promise<ContentAnswer>;
}

export interface RenderOutput {
  /** 200, or 404 for the not-found page and missing entries. */
  status: number;
  html: string;
  /** False when a content read failed: the page is the SPA shell and must not be cached long. */
  complete: boolean;
  /** How many render passes it took (each pass finds the content the previous one lacked). */
  passes: number;
}

/** Passes before giving up on content that keeps asking for more (a page asks in at most two). */
const MAX_PASSES = 4;

function renderApp(url: string, store: ContentStore, meta: PageMeta) {
  return renderStyled(
    <StrictMode>
      <ContentStoreContext.Provider value={store}>
        <PageMetaContext.Provider value={meta}>
          <StaticRouter location={url}>
            <AppProviders>
              <AppRoutes />
            </AppProviders>
          </StaticRouter>
        </PageMetaContext.Provider>
      </ContentStoreContext.Provider>
    </StrictMode>,
  );
}

const toResult = (url: string, answer: ContentAnswer): ContentResult<unknown> =>
  answer.status === 'ok'
    ? { data: answer.data, error: undefined }
    : answer.status === 'not-found'
      ? // The store's own 404 error, so ContentState shows "not found" as in the browser.
        { data: undefined, error: new ContentNotFoundError(url) }
      : { data: undefined, error: new Error(`content ${answer.status}: ${url}`) };

export async function renderPage(input: RenderInput): Promise<RenderOutput> {
  const store = new ContentStore(roundedNow());
  let failed = false;
  for (let pass = 1; ; pass++) {
    const meta: PageMeta = {};
    store.wanted.clear();
    const { html, styles } = await renderApp(input.url, store, meta);
    const missing = [...store.wanted].filter((url) => store.get(url) === undefined);
    if (missing.length === 0 || pass === MAX_PASSES || failed) {
      if (failed || missing.length)
        return { status: 200, html: input.template, complete: false, passes: pass };
      const path = input.url.split(/[?#]/)[0] ?? '/';
      const head = `${headHtml(meta, input.origin, path)}${styles}</head>`;
      // A visitor's mobile menu, for the island that opens it before the app runs (app/menu-island.ts).
      const menu = isPublicPath(path) ? await visitorMenuTemplate(input.url, store) : '';
      const snapshot = `${menu}<script type="application/json" id="kring-content">${jsonForScript(snapshotOf(store))}</script></body>`;
      // Replacement functions, never strings: in a string `$'`, `$\`` and `$&` are patterns, and the
      // request path and CMS text would paste pieces of the template into the page (issue 21).
      const page = input.template
        .replace(/<title>[^<]*<\/title>\s*/, () => '')
        .replace(/<meta name="description"[^>]*>\s*/, () => '')
        .replace('</head>', () => head)
        .replace('<div id="root"></div>', () => `<div id="root">${html}</div>`)
        .replace('</body>', () => snapshot);
      return { status: meta.notFound ? 404 : 200, html: page, complete: true, passes: pass };
    }
    const answers = await Promise.all(
      missing.map(async (url) => [url, await input.loadContent(url)] as const),
    );
    for (const [url, answer] of answers) {
      if (answer.status === 'error') failed = true;
      store.settle(url, toResult(url, answer));
    }
  }
}
