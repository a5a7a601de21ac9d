import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';

/**
 * A visitor's first-load JavaScript of a page (issue 27): every script a fresh browser (no session,
 * nothing cached) downloads from opening the page until the network is idle, as Lighthouse counts
 * it, each file gzipped (level 9) on its own as a CDN sends it. Measured in Chromium against the
 * running stack, so it counts what the page really loads (app/boot.ts decides), not what a
 * manifest says it might.
 */
export const firstLoadBudgetBytes = 20 * 1024;

export async function visitorFirstLoad(
  browser: Browser,
  path: string,
): Promise<{ bytes: number; files: { file: string; bytes: number }[] }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const files: Promise<{ file: string; bytes: number }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const file = new URL(response.url()).pathname;
      files.push(response.body().then((body) => ({ file, bytes: gzipSync(body, { level: 9 }).length })));
    });
    await page.goto(path, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const list = (await Promise.all(files)).sort((a, b) => b.bytes - a.bytes);
    return { bytes: list.reduce((sum, f) => sum + f.bytes, 0), files: list };
  } finally {
    await context.close();
  }
}
