import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

// Issue 27: a visitor's mobile menu is an island of app/boot.ts. The first tap opens it without
// loading the app (which took 1.9–3.2 s on a throttled phone), with the app menu's look and keys.

/** Script files requested from now on. */
function scriptsFrom(page: Page) {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/** The open menu at a phone's width once its slide has ended (e2e/screenshots/{name}-375.png). */
async function shootOpenMenu(page: Page, name: string) {
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toHaveAttribute('data-state', 'open');
  await expect
    .poll(() =>
      page.evaluate(
        `new DOMMatrix(getComputedStyle(document.querySelector('[role="dialog"]')).transform).m41`,
      ),
    )
    .toBe(0);
  await page.screenshot({ path: join(import.meta.dirname, 'screenshots', `${name}-375.png`) });
}

/** Console errors and warnings (a hydration mismatch shows up here). */
function problemsOf(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
});

test("a visitor's first tap opens the menu at once, without the app", async ({ page }) => {
  await page.goto('/kennisbank', { waitUntil: 'networkidle' });
  const scripts = scriptsFrom(page);
  const button = page.getByRole('button', { name: 'Menu openen' });
  await button.hover();
  // The dialog is there as soon as the click has been handled: nothing is fetched for it.
  const openedAtOnce = await page.evaluate(
    `(() => { document.querySelector('button[aria-label="Menu openen"]').click(); return document.querySelector('[role="dialog"]') !== null; })()`,
  );
  expect(openedAtOnce).toBe(true);
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu).toHaveAttribute('data-state', 'open');
  await expect(menu.getByRole('button', { name: 'Menu sluiten' })).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const controls = await button.getAttribute('aria-controls');
  expect(controls).toBeTruthy();
  await expect(menu).toHaveAttribute('id', controls ?? '');
  expect(await page.evaluate('document.body.style.overflow')).toBe('hidden');
  await shootOpenMenu(page, 'menu-island-open');
  // The same primary links as the header's, in its order.
  // (The header's own links are hidden at this width, so read by CSS, not by role.)
  const headerLinks = await page.locator('header nav[aria-label="Hoofdmenu"] a').allTextContents();
  expect(headerLinks.length).toBeGreaterThan(3);
  await expect(menu.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link')).toHaveText(headerLinks);
  // Tab stays inside: back from the close button to the menu's last control.
  await page.keyboard.press('Shift+Tab');
  expect(await page.evaluate(`document.activeElement?.closest('[role="dialog"]') !== null`)).toBe(true);
  // Escape closes and gives the focus back to the menu button.
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(await page.evaluate('document.body.style.overflow')).toBe('');
  // The close button does the same.
  await button.click();
  await menu.getByRole('button', { name: 'Menu sluiten' }).click();
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  expect(scripts).toEqual([]);
  // A link goes to its page (a plain link: the next page is the server's HTML).
  await button.click();
  await menu.getByRole('link', { name: 'Programma' }).click();
  await expect(page).toHaveURL(/\/programma$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Programma');
  // The next page fetched its own first script (boot.ts's bundle) and nothing else.
  const entry = await page.locator('script[type="module"][src]').first().getAttribute('src');
  expect(scripts).toEqual([entry]);
});

test('when the app starts later it takes over: one menu, no hydration warning', async ({ page }) => {
  const problems = problemsOf(page);
  await page.goto('/kennisbank', { waitUntil: 'networkidle' });
  const button = page.getByRole('button', { name: 'Menu openen' });
  await button.click();
  await page.getByRole('button', { name: 'Menu sluiten' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // A topic filter starts the app (boot.ts); it hydrates the header with the menu button in it.
  const topics = page.getByRole('navigation', { name: 'Onderwerpen' });
  await topics.getByRole('button').first().hover();
  await expect
    .poll(() =>
      page.evaluate(
        `Object.keys(document.querySelector('button[aria-label="Menu openen"]')).some((key) => key.startsWith('__reactProps$'))`,
      ),
    )
    .toBe(true);
  await button.click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(1);
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await shootOpenMenu(page, 'menu-app-open');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(button).toBeFocused();
  expect(problems).toEqual([]);
});

test("a menu opened while the app loads stays open: the app's own menu takes its place", async ({ page }) => {
  const problems = problemsOf(page);
  await page.goto('/kennisbank', { waitUntil: 'networkidle' });
  const entry = await page.locator('script[type="module"][src]').first().getAttribute('src');
  // The app's code is held back, as on a phone where it takes seconds: the tap comes while it loads.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname.endsWith('.js') && url.pathname !== entry,
    async (route) => {
      await held;
      await route.continue();
    },
  );
  // A topic filter starts the app (boot.ts) ...
  await page.getByRole('navigation', { name: 'Onderwerpen' }).getByRole('button').first().hover();
  // ... and before it is there the visitor opens the menu: the island's.
  const button = page.getByRole('button', { name: 'Menu openen' });
  await button.click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toHaveAttribute('id', 'kring-menu-panel');
  release();
  // The app hydrates the header; the island's menu goes and the app's opens in its place.
  await expect(page.locator('#kring-menu-panel')).toHaveCount(0);
  await expect(menu).toHaveCount(1);
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Menu sluiten' })).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();
  expect(problems).toEqual([]);
});

test("the island's open menu: no serious accessibility violation, Tab wraps both ways", async ({ page }) => {
  await page.goto('/kennisbank', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Menu openen' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toHaveAttribute('id', 'kring-menu-panel');
  await expect(menu).toHaveAttribute('data-state', 'open');
  const results = await new AxeBuilder({ page })
    .include('#kring-menu-panel')
    .options({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => v.id)).toEqual([]);
  const close = menu.getByRole('button', { name: 'Menu sluiten' });
  const last = menu.locator('a[href]').last();
  await expect(close).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(last).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(close).toBeFocused();
});
