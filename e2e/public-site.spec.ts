import { expect, type Page, test } from '@playwright/test';
import { publicPages } from './public-pages.ts';
import { shoot } from './support.ts';

/** The site's origin as the pages name it (the stack's PUBLIC_BASE_URL: the Hosting emulator). */
const origin = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:5000';

// Issue 14: the public pages arrive rendered (content, head, styles) and hydrate without a mismatch.

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('each public route shows its heading and main text', async ({ page }) => {
    for (const entry of await publicPages()) {
      const res = await page.goto(entry.path);
      expect.soft(res?.status(), entry.path).toBe(entry.status ?? 200);
      await expect.soft(page.getByRole('heading', { level: 1 }), entry.path).toHaveText(entry.heading);
      await expect.soft(page.getByRole('main'), entry.path).toContainText(entry.text);
    }
  });

  test("/community shows the plans' prices from the server (issue 27)", async ({ page, request }) => {
    const { plans } = (await (await request.post('/web/billing/listPlans', { data: {} })).json()) as {
      plans: { name: string }[];
    };
    expect(plans.length).toBeGreaterThan(0);
    await page.goto('/community');
    const prices = page.getByTestId('plan-prices');
    for (const plan of plans) await expect(prices).toContainText(`${plan.name}: €`);
  });

  test('the server sends the styles: the page is laid out without any script', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/kennisbank');
    // The desktop links are hidden on a phone and the menu button shows: Emotion's CSS is in the head.
    await expect(page.getByRole('button', { name: 'Menu openen' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeHidden();
  });
});

/** Console errors and warnings, uncaught errors and content API requests while `path` loads and hydrates. */
async function load(page: Page, path: string) {
  const problems: string[] = [];
  const contentCalls: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // The 404 page's own status shows up as a failed resource.
    if (/status of 404/.test(message.text()) && path.includes('bestaat-niet')) return;
    problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/web/content/')) contentCalls.push(request.url());
  });
  await page.goto(path, { waitUntil: 'load' });
  // Hydration, the idle-time parts (footer) and the auth SDK's start.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  return { problems, contentCalls };
}

test('with JavaScript: no hydration warning and no content API request on any public route', async ({
  browser,
}) => {
  for (const entry of await publicPages()) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const { problems, contentCalls } = await load(page, entry.path);
    expect.soft(problems, entry.path).toEqual([]);
    expect.soft(contentCalls, entry.path).toEqual([]);
    await context.close();
  }
});

test('a visitor: plain links between public pages, and the menu opens on the first click', async ({
  page,
}) => {
  // Issue 27: a visitor's public page runs app/boot.ts only; the next page is the server's HTML.
  await page.setViewportSize({ width: 1366, height: 900 });
  await load(page, '/');
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
  });
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Kennisbank' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kennisbank');
  await expect(page).toHaveTitle('Kennisbank | Kring');
  expect(documents).toEqual(['/kennisbank']);
  // The menu is an island of boot.ts (app/menu-island.ts): it opens on the first click, without the app.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Menu openen' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Menu sluiten' })).toBeFocused();
  // Its links are plain links too: the next page is the server's HTML.
  await menu.getByRole('link', { name: 'Programma' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Programma');
  await expect(menu).toBeHidden();
  expect(documents).toEqual(['/kennisbank', '/programma']);
});

test("a visitor's kennisbank: the first click on a topic filters (the app starts for it)", async ({
  page,
}) => {
  await load(page, '/kennisbank');
  const topics = page.getByRole('navigation', { name: 'Onderwerpen' });
  const cards = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading') });
  const all = await cards.count();
  await topics.getByRole('button', { name: 'Welzijn', exact: true }).click();
  await expect(topics.getByRole('button', { name: 'Welzijn', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page).toHaveURL(/\/kennisbank\?onderwerp=Welzijn$/);
  await expect(cards).toHaveCount(1);
  expect(all).toBeGreaterThan(1);
});

test("a visitor's article: the community invitation appears when they scroll down to it", async ({
  page,
}) => {
  const article = (await publicPages()).find((p) => p.module.endsWith('article-detail.tsx'));
  await page.setViewportSize({ width: 375, height: 800 });
  await load(page, article?.path ?? '/');
  const invitation = page.getByRole('heading', { name: 'Praat mee in de community' });
  // Below the article: nothing but boot.ts has run yet.
  await expect(invitation).toHaveCount(0);
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect(invitation).toBeVisible();
  const region = page.getByRole('region', { name: 'Praat mee in de community' });
  await expect(region.getByRole('link', { name: 'Lid worden' })).toHaveAttribute(
    'href',
    '/onboarding/personal-details',
  );
});

test('where a session may exist the app hydrates at once and navigates in the browser', async ({ page }) => {
  // What the auth SDK leaves while someone is signed in (lib/session-hint.ts); it finds nobody and clears it.
  await page.addInitScript("localStorage.setItem('kring.signedInAs', 'someone')");
  await load(page, '/');
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url());
  });
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Kennisbank' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kennisbank');
  expect(documents).toEqual([]);
  await expect(page).toHaveTitle('Kennisbank | Kring');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Inloggen' })).toBeVisible();
});

test('search engines: head tags, JSON-LD, robots.txt and a sitemap from the CMS', async ({
  page,
  request,
}) => {
  const pages = await publicPages();
  const article = pages.find((p) => p.module.endsWith('article-detail.tsx'));
  if (!article) throw new Error('no article page');
  await page.goto(article.path);
  await expect(page).toHaveTitle(`${article.heading} | Kring`);
  const head = page.locator('head');
  await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', article.text);
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}${article.path}`);
  await expect(head.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    `${article.heading} | Kring`,
  );
  await expect(head.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    /^http:\/\/127\.0\.0\.1:5000\//,
  );
  await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  const jsonLd = JSON.parse((await head.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd).toMatchObject({ '@type': 'Article', headline: article.heading });

  const event = pages.find((p) => p.module.endsWith('event-detail.tsx'));
  const podcast = pages.find((p) => p.module.endsWith('podcast-detail.tsx'));
  for (const [entry, type] of [
    [event, 'Event'],
    [podcast, 'PodcastEpisode'],
  ] as const) {
    const html = await (await request.get(entry?.path ?? '/')).text();
    expect(html, entry?.path).toContain(`"@type":"${type}"`);
  }

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toContain('text/plain');
  expect(await robots.text()).toContain(`Sitemap: ${origin}/sitemap.xml`);

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  for (const p of pages.filter((p) => !p.status))
    expect(xml, p.path).toContain(`<loc>${origin}${p.path}</loc>`);
});

test('pages are cacheable by the CDN; a missing page is a short-lived 404', async ({ request }) => {
  const home = await request.get('/');
  expect(home.headers()['cache-control']).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=600');
  // /community carries the plans' prices: kept no longer than the site function keeps the plans.
  const community = await request.get('/community');
  expect(community.headers()['cache-control']).toBe(
    'public, max-age=0, s-maxage=60, stale-while-revalidate=60',
  );
  const missing = await request.get('/kennisbank/bestaat-niet');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['cache-control']).toBe('public, max-age=0, s-maxage=60');
});

test('screenshots of the server-rendered public pages', async ({ page }) => {
  const pages = await publicPages();
  for (const [name, path] of [
    ['public-home', '/'],
    ['public-article', pages.find((p) => p.module.endsWith('article-detail.tsx'))?.path ?? '/'],
  ] as const) {
    await load(page, path);
    await shoot(page, name);
  }
});
