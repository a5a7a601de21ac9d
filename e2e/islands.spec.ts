import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';

// Issue 27's visitor islands (docs/architecture.md "Islands for visitors"): who gets the app on a
// public page when the quick localStorage hint is missing.

const firebaseDb = 'firebaseLocalStorageDb';
const databases = "indexedDB.databases().then((list) => list.map((db) => db.name ?? ''))";

test('a member without the kring.signedInAs hint sees their own header on a public page', async ({
  page,
}) => {
  // Signed in before the hint existed, another tab's storage clean-up, or storage cleared in part:
  // the auth SDK still holds the sign-in (IndexedDB), only the hint is gone.
  await signIn(page, 'sanne@kring.local');
  await page.evaluate("localStorage.removeItem('kring.signedInAs')");
  await page.goto('/kennisbank');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: /^Notificaties/ })).toBeVisible({ timeout: 30_000 });
  await expect(header.getByRole('link', { name: 'Inloggen' })).toHaveCount(0);
  // The SDK wrote the hint again: the next page knows at once.
  expect(await page.evaluate("localStorage.getItem('kring.signedInAs')")).not.toBeNull();
});

test("a visitor's public page checks for a sign-in without creating the auth SDK's storage", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/kennisbank', { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Inloggen' })).toBeVisible();
  expect(await page.evaluate<string[]>(databases)).not.toContain(firebaseDb);
  // boot.ts only: the app did not start.
  expect(scripts).toHaveLength(1);
});
