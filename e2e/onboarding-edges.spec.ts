import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { password, shoot, signIn, unique } from './support.ts';

// Issue 23, part C: drafts survive a reload, a half-registered person can sign out on a phone, and
// the personal details typed at step 1 follow the new member to another browser.

/** Screens at 375 and 1366 px (e2e/screenshots), copied to SHOTS_DIR when set for review. */
async function screens(page: Page, name: string) {
  await shoot(page, name);
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const width of [375, 1366])
    copyFileSync(
      join(import.meta.dirname, 'screenshots', `${name}-${width}.png`),
      join(dir, `${name}-${width}.png`),
    );
}

/** How many lines the element's text takes (its text boxes' distinct tops). */
const lines = (locator: Locator) =>
  locator.evaluate((el) => {
    const range = el.ownerDocument.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
  });

test('a reload keeps a half-written post, after asking first', async ({ page }) => {
  await signIn(page, 'sanne@kring.local');
  await page.goto('/community/tijdlijn');
  await page.getByRole('button', { name: /Nieuw bericht/ }).click();
  const title = `Concept ${unique()}`;
  await page.getByLabel('Titel').fill(title);
  const text = page.getByRole('textbox', { name: 'Bericht', exact: true });
  await text.fill('Een half geschreven vraag over');
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  expect(dialogs).toEqual(['beforeunload']);
  await expect(page.getByLabel('Titel')).toHaveValue(title);
  await expect(text).toHaveValue('Een half geschreven vraag over');
  await screens(page, 'draft-after-reload');

  // An in-app link asks too; saying no keeps the member on the page with the text.
  page.removeAllListeners('dialog');
  page.once('dialog', (dialog) => void dialog.dismiss());
  await page.getByRole('banner').getByRole('link', { name: 'Kennisbank' }).first().click();
  await expect(page).toHaveURL(/\/community\/tijdlijn/);
  // Annuleren throws it away: after a reload the editor is closed and empty.
  await page.getByRole('button', { name: 'Annuleren' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: /Nieuw bericht/ })).toBeVisible();
  await expect(page.getByLabel('Titel')).toBeHidden();
});

test('bezoeker (signed in, no membership) signs out from the header on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, 'bezoeker@kring.local', { member: false });
  // The onboarding shell offers it too.
  await expect(page.getByRole('button', { name: 'Uitloggen' })).toBeVisible();
  await page.goto('/');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Maak je profiel compleet' })).toBeVisible();
  // A clear state, no spinner that never stops.
  await expect(banner.getByRole('status')).toHaveCount(0);
  await expect(page.getByTestId('account-area-loading')).toHaveCount(0);
  await screens(page, 'incomplete-header');
  // It fits: at 1366 px no link of the bar breaks over two lines, on a phone 'Maak je profiel
  // compleet' takes at most two and the bar keeps its height.
  await page.setViewportSize({ width: 1366, height: 800 });
  for (const link of await banner.getByRole('navigation').getByRole('link').all())
    expect(await lines(link), await link.innerText()).toBe(1);
  expect(await lines(banner.getByRole('link', { name: 'Maak je profiel compleet' }))).toBe(1);
  // One row: the links do not wrap under each other either.
  expect((await page.locator('header > div').first().boundingBox())?.height).toBeLessThanOrEqual(64);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await lines(banner.getByRole('link', { name: 'Maak je profiel compleet' }))).toBeLessThanOrEqual(2);
  expect(await lines(banner.getByRole('button', { name: 'Uitloggen' }))).toBe(1);
  expect((await page.locator('header > div').first().boundingBox())?.height).toBeLessThanOrEqual(64);
  // Reachable by keyboard: Tab from the logo gets there.
  await page.getByRole('link', { name: /Kring/ }).first().focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(banner.getByRole('button', { name: 'Uitloggen' })).toBeFocused();
  await page.setViewportSize({ width: 375, height: 800 });
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: join(process.env.SHOTS_DIR, 'incomplete-header-top-375.png') });
  await banner.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(banner.getByRole('link', { name: 'Inloggen' })).toBeVisible();
  await expect(page).not.toHaveURL(/signOut/);
  // Really signed out: a member page sends to the sign-in page.
  await page.goto('/account/lidmaatschap');
  await expect(page).toHaveURL(/\/auth\/signin/);
});

test('details typed at step 1 appear in another browser after signing in there', async ({ browser }) => {
  const first = await browser.newContext();
  const page = await first.newPage();
  await page.goto('/onboarding/personal-details');
  await expect(page.getByRole('main').getByRole('link', { name: 'Inloggen' })).toBeVisible();
  await screens(page, 'step1-have-account');
  await page.getByLabel('Voornaam').fill('Fenna');
  await page.getByLabel('Achternaam').fill('Bakker');
  await page.getByLabel('Geboortedatum').fill('1988-02-03');
  await page.getByLabel('Telefoonnummer').fill('0687654321');
  await page.getByLabel('Straatnaam').fill('Lange Nieuwstraat');
  await page.getByLabel('Huisnummer').fill('7');
  await page.getByLabel('Postcode').fill('3512 PA');
  await page.getByLabel('Stad').fill('Utrecht');
  await page.getByRole('button', { name: 'Volgende' }).click();
  const email = `fenna-${unique()}@kring.local`;
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(page).toHaveURL(/\/onboarding\/payment$/);
  // The onboarding shell can sign out here as well.
  await expect(page.getByRole('button', { name: 'Uitloggen' })).toBeVisible();

  const second = await browser.newContext();
  const other = await second.newPage();
  // Stored on the server once the account exists: the other browser lands on the payment step.
  await expect(async () => {
    await signIn(other, email, { member: false });
    await expect(other).toHaveURL(/\/onboarding\/payment$/, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await other.goto('/onboarding/personal-details');
  await expect(other.getByLabel('Voornaam')).toHaveValue('Fenna');
  await expect(other.getByLabel('Straatnaam')).toHaveValue('Lange Nieuwstraat');
  await expect(other.getByLabel('Postcode')).toHaveValue('3512 PA');
  await screens(other, 'step1-prefilled-elsewhere');
  // A change there is stored on the server too.
  await other.getByLabel('Huisnummer').fill('9');
  await other.getByRole('button', { name: 'Volgende' }).click();
  await expect(other).toHaveURL(/\/onboarding\/payment$/);
  await page.evaluate('localStorage.clear()');
  await page.goto('/onboarding/personal-details');
  await expect(page.getByLabel('Huisnummer')).toHaveValue('9');
  await first.close();
  await second.close();
});

test('members are not asked to become members', async ({ page }) => {
  await signIn(page, 'sanne@kring.local');
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('button', { name: /^Notificaties/ })).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Lid worden' })).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Menu openen' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Contact' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Lid worden' })).toHaveCount(0);
  await expect(menu.getByRole('button', { name: 'Uitloggen' })).toBeVisible();
});
