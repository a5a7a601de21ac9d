// Temporary (not committed): screenshots of the vote button, then the vote bench on the same stack.
import { execFileSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '../lib/chromium.ts';
import { onStack, timelinePosts } from '../lib/member-metrics.ts';

await onStack(async (base) => {
  const items = await timelinePosts(base, 'joris@kring.local');
  const postId = [...items].sort((x, y) => y.commentCount - x.commentCount)[0]?.id ?? 0;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  for (const width of [375, 1366]) {
    const context = await browser.newContext({ baseURL: base, viewport: { width, height: 900 }, locale: 'nl-NL' });
    const page = await context.newPage();
    await page.goto('/auth/signin');
    await page.getByLabel('E-mailadres').fill('joris@kring.local');
    await page.getByLabel('Wachtwoord').fill('kringdemo1');
    await page.getByRole('main').getByRole('button', { name: 'Inloggen', exact: true }).click();
    await page.locator('[data-content="post-card"]').first().waitFor({ timeout: 60_000 });
    await page.screenshot({ path: `/work/helpers/shots/vote/timeline-${width}.png` });
    await page.goto(`/community/bericht/${postId}`);
    await page.locator('[data-content="post-title"]').waitFor();
    const vote = page.locator('main button[aria-pressed][aria-label^="Stem omhoog"]');
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `/work/helpers/shots/vote/post-${width}-before.png` });
    await vote.first().click();
    await vote.nth(1).click();
    await page.mouse.move(0, 0);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/work/helpers/shots/vote/post-${width}-voted.png` });
    await vote.first().click();
    await vote.nth(1).click();
    await page.waitForTimeout(1500);
    await context.close();
  }
  await browser.close();
  execFileSync('npx', ['tsx', 'scripts/bench/vote-feedback.ts', '--clicks', '20', '--cpu', '4,6', '--trace'], {
    env: { ...process.env, E2E_BASE_URL: base },
    stdio: 'inherit',
  });
});
