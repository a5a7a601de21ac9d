// @vitest-environment node
// The server render as the site function runs it: real routes, components, Emotion and React's
// prerender, with the CMS answered by fixtures (the whole stack is in e2e/public-site.spec.ts).
import { describe, expect, it } from 'vitest';
import { PLANS_URL } from '../../lib/api/list-plans.ts';
import { monthlyPlanFixture } from '../../test/fixtures.ts';
import { type ContentAnswer, renderPage } from './entry-server.tsx';

const template =
  '<!doctype html><html lang="nl"><head><meta name="description" content="shell"><title>Kring</title>' +
  '<script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';

const article = {
  id: 1,
  documentId: 'a1',
  slug: 'eerlijk-uurtarief',
  title: 'Zo bepaal je een eerlijk uurtarief',
  summary: 'Een tarief dat je kosten dekt en je een inkomen geeft.',
  body: '## Reken terug\n\nBegin bij het inkomen dat je wilt </script><b>hebben</b>.',
  publishDate: '2026-03-01',
  author: 'Sanne de Vries',
  coverImage: '/images/content/uurtarief.svg',
  coverImageAlt: 'Een rekenmachine',
  topics: ['Geld'],
};
const homepage = {
  id: 1,
  documentId: 'h',
  title: 'Samen verder als zelfstandige',
  intro: 'Kring is **de** plek.',
};

const ok = (data: unknown): ContentAnswer => ({ status: 'ok', data: { data, meta: {} } });

function cms(overrides: Record<string, ContentAnswer> = {}) {
  const asked: string[] = [];
  const loadContent = async (url: string): Promise<ContentAnswer> => {
    asked.push(url);
    const [path = ''] = url.split('?');
    if (overrides[path]) return overrides[path];
    if (path === `/web/content/articles/${article.slug}`) return ok(article);
    if (path.startsWith('/web/content/articles/')) return { status: 'not-found' };
    if (path === '/web/content/articles') return ok([article]);
    if (path === '/web/content/homepage') return ok(homepage);
    if (path === '/web/content/events' || path === '/web/content/podcasts') return ok([]);
    return { status: 'not-found' };
  };
  return { asked, loadContent };
}

const render = (url: string, loadContent = cms().loadContent) =>
  renderPage({ url, origin: 'https://kring.example', template, loadContent });

describe('server render of the public pages', () => {
  it('an article: its text in the HTML, the head for search engines, and the answers for hydration', async () => {
    const { asked, loadContent } = cms();
    const page = await render(`/kennisbank/${article.slug}`, loadContent);
    expect(page.status).toBe(200);
    expect(page.complete).toBe(true);
    expect(page.html).toContain(`<h1>${article.title}</h1>`);
    expect(page.html).toContain('Begin bij het inkomen dat je wilt');
    expect(page.html).toContain(`<title>${article.title} | Kring</title>`);
    expect(page.html).toContain(`<meta name="description" content="${article.summary}">`);
    expect(page.html).not.toContain('content="shell"');
    expect(page.html).toContain(
      `<link rel="canonical" href="https://kring.example/kennisbank/${article.slug}">`,
    );
    expect(page.html).toContain(
      `<meta property="og:image" content="https://kring.example${article.coverImage}">`,
    );
    expect(page.html).toContain('<meta property="og:type" content="article">');
    expect(page.html).toContain(
      `<link rel="preload" as="image" href="${article.coverImage}" fetchpriority="high">`,
    );
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(page.html)?.[1];
    expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({
      '@type': 'Article',
      headline: article.title,
      datePublished: '2026-03-01',
      author: { name: article.author },
    });
    // Emotion's styles for exactly this HTML are in the head.
    expect(page.html).toMatch(/<style data-emotion="css [^"]+">[^<]*\.css-/);
    // The CMS answers travel along, and the CMS text cannot close the script early.
    const snapshot = /<script type="application\/json" id="kring-content">(.*?)<\/script>/.exec(
      page.html,
    )?.[1];
    expect(snapshot).toBeDefined();
    expect(snapshot).not.toContain('</script>');
    expect(Object.keys(JSON.parse(snapshot ?? '{}').entries)).toEqual(expect.arrayContaining(asked));
    // Each content URL once (header, footer and page share answers).
    expect(new Set(asked).size).toBe(asked.length);
  });

  it('the home page: the CMS hero and the sections, with the WebSite structured data', async () => {
    const page = await render('/');
    expect(page.status).toBe(200);
    expect(page.html).toContain(`${homepage.title}</h1>`);
    expect(page.html).toContain(article.title);
    expect(page.html).toContain('<title>Kring</title>');
    expect(page.html).toContain('<meta name="description" content="Kring is de plek.">');
    expect(page.html).toContain('"@type":"WebSite"');
  });

  it('an unknown path and a missing article answer 404 with the not-found text, not indexed', async () => {
    for (const url of ['/bestaat-niet', '/kennisbank/bestaat-niet']) {
      const page = await render(url);
      expect(page.status, url).toBe(404);
      expect(page.html, url).toContain('<meta name="robots" content="noindex">');
      expect(page.html, url).not.toContain('rel="canonical"');
    }
    expect((await render('/bestaat-niet')).html).toContain('Pagina niet gevonden');
  });

  it('a failed CMS read gives the bare SPA shell, which the browser renders itself', async () => {
    const page = await render(
      '/kennisbank',
      cms({ '/web/content/articles': { status: 'error' } }).loadContent,
    );
    expect(page.complete).toBe(false);
    expect(page.html).toBe(template);
  });

  // String.replace reads `$'`, `$\`` and `$&` in a replacement string as patterns: a crafted link
  // (or CMS text) would paste pieces of the template into the page (issue 21, item 1).
  const onceEach = (html: string) => {
    expect(html.split('<head>')).toHaveLength(2);
    expect(html.split('</head>')).toHaveLength(2);
    expect(html.split('<div id="root">')).toHaveLength(2);
    expect(html.split('</body>')).toHaveLength(2);
    expect(html.indexOf('<div id="root">')).toBeGreaterThan(html.indexOf('</head>'));
  };

  it("a path with $', $` or $& is text in the head, never a piece of the template", async () => {
    for (const url of ["/x$'LET-OP", '/x$`LET-OP', '/x$&LET-OP', "/kennisbank/x$'LET-OP"]) {
      const page = await render(url);
      expect(page.status, url).toBe(404);
      onceEach(page.html);
      expect(page.html, url).toContain(
        `<meta property="og:url" content="https://kring.example${url.replace('&', '&amp;')}">`,
      );
      // The path is no text on the page: nothing of it between the root and the hydration data.
      const body = page.html.slice(
        page.html.indexOf('<div id="root">'),
        page.html.indexOf('id="kring-content"'),
      );
      expect(body, url).not.toContain('LET-OP');
      expect(page.html.slice(0, page.html.indexOf('</head>')).split('LET-OP'), url).toHaveLength(2);
    }
  });

  it("CMS text with $&, $` and $' reaches the page and the hydration data unchanged", async () => {
    const intro = "Tarieven: $& per uur, $` vooraf en $' achteraf.";
    const page = await render('/', cms({ '/web/content/homepage': ok({ ...homepage, intro }) }).loadContent);
    expect(page.status).toBe(200);
    onceEach(page.html);
    expect(page.html).toContain(intro);
    const snapshot = /<script type="application\/json" id="kring-content">(.*?)<\/script>/.exec(
      page.html,
    )?.[1];
    const entries: Record<string, { data?: { intro?: string } }> = JSON.parse(snapshot ?? '{}').entries;
    const [home] = Object.entries(entries).filter(([url]) => url.startsWith('/web/content/homepage'));
    expect(home?.[1].data?.intro).toBe(intro);
  });

  it("a member page renders the header and its loading state (the browser fills in the member's data)", async () => {
    const page = await render('/community/tijdlijn');
    expect(page.status).toBe(200);
    expect(page.complete).toBe(true);
    expect(page.html).toContain('Direct naar de inhoud');
    expect(page.html).not.toContain('Tijdlijn</h1>');
  });

  it("a visitor's page carries the mobile menu for the island; a member page does not", async () => {
    const page = await render(`/kennisbank/${article.slug}`);
    const menu = /<template id="kring-menu">([\s\S]*?)<\/template>/.exec(page.html)?.[1] ?? '';
    // The app's own menu as a visitor sees it, with its styles, outside the part React hydrates.
    expect(menu).toMatch(/^<style data-emotion="css [^"]+">/);
    expect(menu).toContain('role="dialog"');
    expect(menu).toContain('aria-label="Menu sluiten"');
    expect(menu).toMatch(/<a aria-current="page"[^>]*>Kennisbank<\/a>/);
    expect(menu).not.toContain('Uitloggen');
    expect(page.html.indexOf('<template id="kring-menu">')).toBeGreaterThan(page.html.indexOf('</div>'));
    expect((await render('/community/tijdlijn')).html).not.toContain('kring-menu');
  });

  const snapshotOfPage = (html: string): Record<string, unknown> =>
    JSON.parse(/<script type="application\/json" id="kring-content">(.*?)<\/script>/.exec(html)?.[1] ?? '{}')
      .entries;

  it('/community: the plans the site function got are in the HTML and the snapshot; the app need not start', async () => {
    const plans = [monthlyPlanFixture()];
    const page = await render(
      '/community',
      cms({ [PLANS_URL]: { status: 'ok', data: { plans } } }).loadContent,
    );
    expect(page.complete).toBe(true);
    expect(page.html).toMatch(/Maand: €\s9,95 per maand/);
    expect(page.html).toContain('Prijzen inclusief btw.');
    expect(page.html).not.toContain('data-app-part');
    expect(snapshotOfPage(page.html)[PLANS_URL]).toEqual({ plans });
  });

  it('/community without the plans (listPlans failed): the page as before, the app fetches them', async () => {
    const page = await render('/community', cms({ [PLANS_URL]: { status: 'unavailable' } }).loadContent);
    expect(page.status).toBe(200);
    expect(page.complete).toBe(true);
    expect(page.html).toContain('Prijzen worden geladen…');
    expect(page.html).toMatch(/<p aria-busy="true" data-app-part="">/);
    expect(snapshotOfPage(page.html)).not.toHaveProperty(PLANS_URL);
  });

  it('/community: a plan text cannot end the snapshot script or add markup', async () => {
    const name = '</script><script>alert(1)</script>\u2028';
    const plans = [{ ...monthlyPlanFixture(), name }];
    const page = await render(
      '/community',
      cms({ [PLANS_URL]: { status: 'ok', data: { plans } } }).loadContent,
    );
    expect(page.html).not.toContain('<script>alert(1)');
    expect(snapshotOfPage(page.html)[PLANS_URL]).toEqual({ plans });
  });
});
