import { expect, test } from '@playwright/test';
import { initScript, markerTime, pageFigures, throttle } from '../scripts/lib/member-metrics.ts';
import { api, idToken, signIn } from './support.ts';

// Issue 26: member pages keep their place while they load — CLS at most 0.02 on the timeline, on a
// post and on the membership page (its sections: membership, payments, details), on a phone under Lighthouse's mobile throttling (4x CPU, 150 ms, 1.6 Mbit/s), on the first
// load after signing in and on a repeat visit (which shows kept answers first, then the server's).
test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, bypassCSP: true });

test('member pages: CLS at most 0.02 on the timeline, a post and the membership page (first and repeat visit)', async ({
  context,
  page,
}) => {
  test.setTimeout(180_000);
  const token = await idToken('joris@kring.local');
  const { items } = await api<{ items: { id: number }[] }>(token, 'listPosts', { order: 'createdAt' });
  const postId = items[0]?.id;
  expect(postId, 'a seeded post').toBeDefined();
  await signIn(page, 'joris@kring.local');
  await page.close();
  await context.addInitScript(initScript);
  const pages = [
    { path: '/community/tijdlijn', marker: '[data-content="post-card"]' },
    { path: `/community/bericht/${postId}`, marker: '[data-content="post-title"]' },
    { path: '/account/lidmaatschap', marker: '[data-testid="membership-status"]' },
  ];
  for (const { path, marker } of pages) {
    const tab = await context.newPage();
    const { cdp } = await throttle(tab);
    await cdp.send('Network.clearBrowserCache');
    for (const visit of ['first', 'repeat']) {
      await tab.goto(path, { waitUntil: 'commit' });
      await markerTime(tab, marker);
      // Later shifts (images, the footer, answers arriving behind kept ones) count too.
      await tab.waitForTimeout(2500);
      const { cls, moved } = await pageFigures(tab);
      console.log(
        `${path} ${visit}: CLS ${cls.toFixed(4)}${moved.length ? `; moved: ${moved.join('; ')}` : ''}`,
      );
      expect.soft(cls, `${path}, ${visit} visit: CLS (moved: ${moved.join('; ')})`).toBeLessThanOrEqual(0.02);
    }
    await tab.close();
  }
});
