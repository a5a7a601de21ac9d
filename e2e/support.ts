import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';

/** What the journeys share: the stack's addresses, sign-in, API calls as a demo user, screenshots. */
export const hosting = 'http://127.0.0.1:5000';
export const password = 'kringdemo1';

/** An ID token from the Auth emulator, for calls that set up a journey through the real API. */
export async function idToken(email: string): Promise<string> {
  const res = await fetch(
    'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  return ((await res.json()) as { idToken: string }).idToken;
}

/** A community call through Hosting, as the token's user; fails the journey on a non-200. */
export async function api<T>(token: string, name: string, body: unknown): Promise<T> {
  const res = await fetch(`${hosting}/web/community/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(res.status, `${name}: ${await res.clone().text()}`).toBe(200);
  return (await res.json()) as T;
}

/** Signs in through the sign-in page and waits until the member's header is there. */
export async function signIn(page: Page, email: string, { member = true } = {}) {
  await page.goto('/auth/signin');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Inloggen', exact: true }).click();
  // A member gets the bell; someone without a membership leaves the sign-in page for onboarding.
  if (member)
    await expect(page.getByRole('banner').getByRole('button', { name: /^Notificaties/ })).toBeVisible({
      timeout: 30_000,
    });
  else await expect(page).toHaveURL(/\/onboarding\//, { timeout: 30_000 });
}

const screenshots = join(import.meta.dirname, 'screenshots');
mkdirSync(screenshots, { recursive: true });

/** Full-page screenshots at a phone's and a desktop's width (e2e/screenshots/{name}-{width}.png). */
export async function shoot(page: Page, name: string, widths: readonly number[] = [375, 1366]) {
  const before = page.viewportSize() ?? { width: 1366, height: 900 };
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    // Let layout settle after the resize (the header switches between menu button and links).
    await page.waitForTimeout(150);
    // From the top: a full-page capture of a scrolled page draws the sticky header mid-page.
    // (Strings, as e2e is type-checked without the DOM's types.)
    const scrolled = await page.evaluate<number>('window.scrollY');
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: join(screenshots, `${name}-${width}.png`), fullPage: true });
    await page.evaluate(`window.scrollTo(0, ${scrolled})`);
  }
  await page.setViewportSize(before);
}

export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/**
 * A signed-in member's page in a browser context of its own, for journeys with two people. The
 * contexts close after each test: a page left open (joris' chat panel on a conversation) would go
 * on reading what the next journey sends him, and that journey's "away" member would not be away.
 * Call once at the top of a spec file.
 */
export function memberPages(): (browser: Browser, email: string) => Promise<Page> {
  const open: BrowserContext[] = [];
  test.afterEach(async () => {
    await Promise.all(open.splice(0).map((context) => context.close()));
  });
  return async (browser, email) => {
    const context = await browser.newContext();
    open.push(context);
    const page = await context.newPage();
    await signIn(page, email);
    return page;
  };
}
