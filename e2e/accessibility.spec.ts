import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { api, idToken, signIn } from './support.ts';

// axe-core on the pages a visitor sees first, at a phone and a desktop width, plus keyboard use of the menu.
const pages = [
  '/',
  '/kennisbank',
  '/programma',
  '/podcasts',
  '/over-ons',
  '/auth/signin',
  '/onboarding/personal-details',
  '/bestaat-niet',
];

for (const width of [375, 1366]) {
  for (const path of pages) {
    test(`${path} at ${width}px has no serious accessibility violations`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.locator('main')).not.toBeEmpty();
      // Wait until the header has settled (auth known, or a visitor's page without the auth SDK: no spinner shows).
      await expect(page.getByTestId('account-area-loading')).toBeHidden();
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
}

test('the mobile menu works with the keyboard only', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const menuButton = page.getByRole('button', { name: 'Menu openen' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Menu' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Menu sluiten' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(menuButton).toBeFocused();
});

// Issue 23: the member pages and their open panels, at a phone's and a desktop's width. One sign-in
// (the moderator, who is a member with a profile and also sees the moderation queue), kept as a
// storage state with Firebase's IndexedDB and reused; one test per width walks every page, so the
// spec stays fast. Fails on any serious or critical violation, listing each with its page.
// WCAG 2.1 level A too, and axe's experimental label-content-name-mismatch (WCAG 2.5.3, off by
// default), which the issue found in the chat panel at 375 px.
const serious = async (page: Page, where: string) => {
  const results = await new AxeBuilder({ page })
    .options({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

const settled = async (page: Page) => {
  await expect(page.locator('main')).not.toBeEmpty();
  await expect(page.getByTestId('account-area-loading')).toHaveCount(0);
  // Lists show their spinners while they load: wait until none is busy.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
};

// The check itself: a serious violation (a button without a name) and the one the issue found
// (a visible label that is not in the accessible name) are reported, so an empty list means something.
test('the member-page check reports a serious violation', async ({ page }) => {
  await page.setContent(
    '<html lang="nl"><head><title>t</title></head><body><main><h1>t</h1>' +
      '<button><svg width="10" height="10"></svg></button>' +
      '<button aria-label="Sluiten">Verstuur</button></main></body></html>',
  );
  const found = await serious(page, 'probe');
  expect(found.some((v) => v.startsWith('probe: button-name'))).toBe(true);
  expect(found.some((v) => v.startsWith('probe: label-content-name-mismatch'))).toBe(true);
});

const memberState = join(import.meta.dirname, '..', 'test-results', 'a11y-member-state.json');

test.describe('member pages', () => {
  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // A conversation in the moderator's chat list (the seed has none for them), unread.
    const moderator = await api<{ profile: { id: number } }>(
      await idToken('moderator@kring.local'),
      'getUserAccount',
      {},
    );
    await api(await idToken('sanne@kring.local'), 'sendMessage', {
      toUserId: moderator.profile.id,
      content: 'Hoi, heb je even tijd voor een vraag over de moderatie?',
    });
    await signIn(page, 'moderator@kring.local');
    await context.storageState({ path: memberState, indexedDB: true });
    await context.close();
  });

  for (const width of [375, 1366]) {
    test(`every member page and open panel at ${width}px has no serious accessibility violations`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        storageState: memberState,
        viewport: { width, height: 900 },
      });
      const page = await context.newPage();
      const found: string[] = [];
      const visit = async (path: string) => {
        await page.goto(path);
        await settled(page);
        found.push(...(await serious(page, `${path} at ${width}px`)));
      };

      await visit('/community/tijdlijn');
      const postHref = await page.locator('a[href^="/community/bericht/"]').first().getAttribute('href');
      expect(postHref, 'a post on the timeline').toBeTruthy();
      await visit(postHref ?? '');
      await visit('/community/leden');
      const profileHref = await page.locator('a[href^="/community/profiel/"]').first().getAttribute('href');
      expect(profileHref, 'a profile in the members list').toBeTruthy();
      await visit(profileHref ?? '');
      await visit('/community/notificaties');
      await visit('/account/profiel');
      await visit('/account/lidmaatschap');
      await visit('/account/meldingen');
      await visit('/community/zoeken?q=tarieven');
      await visit('/community/moderatie');

      // The open notification popover.
      await visit('/community/tijdlijn');
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Notificaties/ })
        .click();
      await expect(page.getByRole('heading', { name: 'Notificaties' })).toBeVisible();
      await settled(page);
      found.push(...(await serious(page, `notification popover at ${width}px`)));
      await page.keyboard.press('Escape');

      // The chat panel: the list of conversations, then one conversation with its reply form.
      await visit('/community/leden');
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Berichten,/ })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settled(page);
      await expect(page.getByRole('dialog').getByRole('button', { name: /^Gesprek met/ })).toBeVisible();
      found.push(...(await serious(page, `chat panel (list) at ${width}px`)));
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /sluiten/i })
        .first()
        .click();
      await page
        .getByRole('button', { name: /^Stuur een bericht/ })
        .first()
        .click();
      await expect(page.getByRole('dialog').getByRole('textbox')).toBeVisible();
      await settled(page);
      found.push(...(await serious(page, `chat panel (conversation) at ${width}px`)));

      await context.close();
      expect(found).toEqual([]);
    });
  }

  test('the onboarding steps of a signed-in person without membership have no serious violations', async ({
    browser,
  }) => {
    const found: string[] = [];
    for (const width of [375, 1366]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      // Step 2 (register): details complete in this browser, nobody signed in.
      await page.goto('/');
      await page.evaluate(
        `localStorage.setItem('onboardingState', JSON.stringify(${JSON.stringify(completeDetails)}))`,
      );
      await page.goto('/onboarding/register');
      await settled(page);
      found.push(...(await serious(page, `/onboarding/register at ${width}px`)));
      // Step 1 and the payment step, signed in without a membership (bezoeker).
      await page.evaluate(`localStorage.clear()`);
      await signIn(page, 'bezoeker@kring.local', { member: false });
      await page.goto('/onboarding/personal-details');
      await settled(page);
      found.push(...(await serious(page, `/onboarding/personal-details (signed in) at ${width}px`)));
      await context.close();
    }
    expect(found).toEqual([]);
  });
});

const completeDetails = {
  firstName: 'Anna',
  lastName: 'de Vries',
  birthdate: '1990-05-17',
  phoneNumber: '0612345678',
  streetName: 'Oudegracht',
  houseNumber: '12',
  houseNumberExtension: '',
  postalCode: '3511 AB',
  city: 'Utrecht',
  country: 'Nederland',
  errors: {},
  isComplete: true,
};
