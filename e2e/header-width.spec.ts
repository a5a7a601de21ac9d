import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';

// The signed-in header fits a phone: staff get an extra control ('Moderatie'), and at 375 px the bar
// ended at ~391 px, so every member page scrolled sideways. Checked for a plain member too, and at
// 320 px (the narrowest phone the site supports). Screenshots to SHOTS_DIR when set.
const accounts = ['moderator@kring.local', 'admin@kring.local', 'joris@kring.local'] as const;

for (const email of accounts) {
  test(`the signed-in header of ${email} fits 320 and 375 px in one row`, async ({ page }) => {
    await signIn(page, email);
    const banner = page.getByRole('banner');
    for (const width of [375, 320, 1366]) {
      // Each width as a phone or desktop opens it: the page loaded at that size, the feed shown, then
      // measured (twice a full run measured a header too wide right after a live resize from 1366 px
      // and could not be reproduced; a page loaded at its width is what a member sees).
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/community/tijdlijn');
      await expect(banner.getByRole('button', { name: /^Notificaties/ })).toBeVisible();
      // The feed, not its loading state (a loaded machine took over 20 s once).
      await expect(page.getByRole('main').getByRole('article').first()).toBeVisible({ timeout: 60_000 });
      // (Strings, as e2e is type-checked without the DOM's types.)
      await expect
        .poll(() => page.evaluate<number>('document.documentElement.scrollWidth'), { timeout: 5_000 })
        .toBeLessThanOrEqual(width)
        .catch(() => {});
      const scrollWidth = await page.evaluate<number>('document.documentElement.scrollWidth');
      // What sticks out, so a failure names its cause (the outermost elements past the right edge).
      const outside = await page.evaluate<string[]>(
        `[...document.body.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > ${width} + 0.5 && !(e.parentElement && e.parentElement.getBoundingClientRect().right > ${width} + 0.5)).slice(0, 8).map((e) => e.tagName.toLowerCase() + (e.getAttribute('data-testid') ? '[' + e.getAttribute('data-testid') + ']' : '') + ' ' + Math.round(e.getBoundingClientRect().right) + 'px: ' + (e.textContent || '').trim().slice(0, 60))`,
      );
      expect
        .soft(scrollWidth, `page width at ${width}px; past the edge: ${outside.join(' | ')}`)
        .toBeLessThanOrEqual(width);
      // The bar's height (one row is 64 px) and the right edge of whatever is drawn in the header.
      const bar = await page.evaluate<{ height: number; right: number }>(
        `(() => { const b = document.querySelector('header > div'); const rights = [...b.querySelectorAll('*')].map((e) => e.getBoundingClientRect()).filter((r) => r.width > 1).map((r) => r.right); return { height: Math.round(b.getBoundingClientRect().height), right: Math.round(Math.max(...rights)) }; })()`,
      );
      test.info().annotations.push({
        type: 'widths',
        description: `${width}px: page ${scrollWidth}, header right edge ${bar.right}, bar height ${bar.height}`,
      });
      expect.soft(bar.right, `header's right edge at ${width}px`).toBeLessThanOrEqual(width);
      expect.soft(bar.height, `one row (64 px) at ${width}px`).toBeLessThanOrEqual(64);
      // Every visible control of the header bar is inside the viewport and has a name.
      const controls = page.locator('header > div :is(a, button, input)');
      for (const control of await controls.all()) {
        if (!(await control.isVisible())) continue;
        const box = await control.boundingBox();
        const what = await control.evaluate((e) => e.outerHTML.slice(0, 80));
        expect.soft(box && box.x >= 0 && box.x + box.width <= width, `${what} within ${width}px`).toBe(true);
        await expect.soft(control, `${what} has a name`).toHaveAccessibleName(/\S/);
      }
      if (process.env.SHOTS_DIR && width !== 320) {
        mkdirSync(process.env.SHOTS_DIR, { recursive: true });
        await page.screenshot({
          path: join(process.env.SHOTS_DIR, `${email.split('@')[0]}-header-${width}.png`),
          clip: { x: 0, y: 0, width, height: 120 },
        });
      }
    }
    // The staff link is reachable and labelled at a phone's width.
    if (email !== 'joris@kring.local') {
      await page.setViewportSize({ width: 320, height: 800 });
      await banner.getByRole('button', { name: /account/i }).focus();
      await page.keyboard.press('Enter');
      const staffLink = email.startsWith('admin')
        ? page.getByRole('link', { name: 'Beheer', exact: true })
        : page.getByRole('link', { name: /Moderatie/ });
      await expect(staffLink.first()).toBeVisible();
      if (process.env.SHOTS_DIR)
        await page.screenshot({ path: join(process.env.SHOTS_DIR, `${email.split('@')[0]}-menu-320.png`) });
    }
  });
}
