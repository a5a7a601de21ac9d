import { expect, test } from '@playwright/test';
import { firstLoadBudgetBytes, visitorFirstLoad } from './first-load.ts';
import { decodeHtml, publicPages } from './public-pages.ts';

// Issue 14's and 27's budgets over the production build the stack serves: what a visitor's phone
// downloads until the network is idle, and that the first HTML already holds what the page says.
test.describe('public page budgets', () => {
  test('a visitor downloads at most 20 KiB of JavaScript on every public route (issue 27)', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const lines: string[] = [];
    for (const page of await publicPages()) {
      const { bytes, files } = await visitorFirstLoad(browser, page.path);
      const cap = firstLoadBudgetBytes;
      lines.push(
        `${page.path}: ${(bytes / 1024).toFixed(1)} KiB in ${files.length} files (cap ${cap / 1024} KiB)`,
      );
      expect
        .soft(
          bytes,
          `${page.path}: ${files.map((f) => `${f.file} ${(f.bytes / 1024).toFixed(1)}`).join(', ')}`,
        )
        .toBeLessThanOrEqual(cap);
    }
    console.log(lines.join('\n'));
  });

  test('the first HTML of every public route holds its heading and main text', async ({ request }) => {
    for (const page of await publicPages()) {
      const res = await request.get(page.path);
      expect.soft(res.status(), page.path).toBe(page.status ?? 200);
      const html = decodeHtml(await res.text());
      const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
      expect
        .soft(main, `${page.path}: h1`)
        .toMatch(new RegExp(`<h1[^>]*>${escapeRegExp(page.heading)}</h1>`));
      expect.soft(main, `${page.path}: main text`).toContain(page.text);
    }
  });
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
