import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

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
      // Wait until the header has settled (auth known: no spinner).
      await expect(page.getByTestId('account-area-loading')).toHaveCount(0);
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
