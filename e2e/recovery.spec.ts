import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { initScript, pageFigures } from '../scripts/lib/member-metrics.ts';
import { shoot, signIn } from './support.ts';

// Pages that recover on their own (session 8's leftovers): the membership page does not wait for a
// plans call that hangs, an admin list that failed to load offers 'Opnieuw proberen', and a tab whose
// build is gone since a deploy reloads once when a lazy chunk of it is missing.

test('the membership page shows its sections while the plans call hangs; the plan switch says the prices load', async ({
  page,
}) => {
  await signIn(page, 'joris@kring.local');
  // The plans never answer (a hung call, not a failure).
  await page.route('**/web/billing/listPlans', () => {});
  await page.goto('/account/lidmaatschap');
  await expect(page.getByTestId('membership-status')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Je gegevens en privacy' })).toBeVisible();
  const select = page.getByRole('combobox', { name: 'Ander abonnement' });
  await expect(select).toBeDisabled();
  await expect(select).toHaveText('Prijzen worden geladen…');
  await shoot(page, 'membership-plans-hanging');
});

test("an admin list whose first page failed offers 'Opnieuw proberen', which loads it", async ({ page }) => {
  await signIn(page, 'admin@kring.local');
  let failed = 0;
  await page.route('**/web/community/listMembersAdmin', (route) => {
    if (failed++ > 0) return route.fallback();
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'down' } }),
    });
  });
  await page.goto('/beheer/leden');
  await expect(page.getByRole('alert')).toHaveText('Laden is niet gelukt. Probeer het opnieuw.');
  const retry = page.getByRole('button', { name: 'Opnieuw proberen' });
  await shoot(page, 'admin-list-retry');
  await retry.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: /sanne/i })).toBeVisible();
  await expect(page.getByRole('alert')).toBeHidden();
  // The focus went from the button (gone) to the rows, not to the page's body.
  expect(
    await page.evaluate<boolean>(`document.activeElement.contains(document.querySelector('table'))`),
  ).toBe(true);
  await shoot(page, 'admin-list-retried');
});

test('a lazy chunk of a build that is gone (404) reloads the page once, which then opens', async ({
  page,
}) => {
  const manifest = JSON.parse(
    readFileSync(join(import.meta.dirname, '../web/dist/.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  const chunk = manifest['src/app/routes/account/membership.tsx']!.file;
  await signIn(page, 'joris@kring.local');
  await page.goto('/community/tijdlijn');
  await expect(page.locator('[data-content="post-card"]').first()).toBeVisible();
  // As after a deploy: the membership page's chunk of this tab's build is no longer served.
  let served = 0;
  await page.route(`**/${chunk}`, (route) =>
    served++ === 0 ? route.fulfill({ status: 404, body: 'Not Found' }) : route.fallback(),
  );
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  // The reload's page comes after a second, as on a slow phone: meanwhile the old page must not show
  // 'Er is iets misgegaan' (a tab-wide note in sessionStorage outlives the reload).
  await page.route('**/account/lidmaatschap', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    await new Promise((done) => setTimeout(done, 1000));
    return route.fallback();
  });
  await page.evaluate(`new MutationObserver(() => {
    if (document.body.textContent.includes('Er is iets misgegaan')) sessionStorage.setItem('sawErrorScreen', '1');
  }).observe(document.body, { childList: true, subtree: true })`);
  // A link inside the app (no document load): the router imports the page's chunk.
  await page.evaluate(
    `history.pushState({}, '', '/account/lidmaatschap'); dispatchEvent(new PopStateEvent('popstate'))`,
  );
  await expect(page.getByTestId('membership-status')).toBeVisible({ timeout: 20_000 });
  expect(loads.map((url) => new URL(url).pathname)).toEqual(['/account/lidmaatschap']);
  expect(served).toBe(2);
  expect(await page.evaluate('sessionStorage.getItem("sawErrorScreen")')).toBeNull();
  await expect(page.getByRole('heading', { name: 'Er is iets misgegaan' })).toBeHidden();
});

for (const width of [375, 1366]) {
  test(`plans that come after the membership page showed (the 1.5 s wait is over) shift nothing (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, 'joris@kring.local');
    await page.addInitScript(initScript);
    // The plans are held until the page shows without them (as when they come at 1.6 s), then answer.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/web/billing/listPlans', async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto('/account/lidmaatschap');
    const select = page.getByRole('combobox', { name: 'Ander abonnement' });
    await expect(select).toHaveText('Prijzen worden geladen…', { timeout: 15_000 });
    release();
    await expect(select).toBeEnabled();
    // The frames after the options came are painted (a shift is reported with its frame).
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
    const { cls, moved } = await pageFigures(page);
    expect(cls, `moved: ${moved.join('; ')}`).toBeLessThanOrEqual(0.02);
  });
}
