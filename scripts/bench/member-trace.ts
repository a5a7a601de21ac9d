/**
 * Where a member page's repeat visit spends its main thread (issue 26): a signed-in demo member (joris)
 * loads a member page once, then again with a DevTools trace, Lighthouse's mobile throttling on (4x CPU,
 * 150 ms round trip, 1.6 Mbit/s). Prints, from navigation to the page's first real content: the main
 * thread's busy time by kind (script compile, script run per file, style and layout, paint, HTML), the
 * main thread's tasks longer than 8 ms with what they ran, the app's marks, and how many React
 * commits changed the DOM before the content (mutation batches, a proxy: one per commit).
 *
 *   flock /tmp/kring-stack.lock npx tsx scripts/bench/member-trace.ts                # starts a stack
 *   E2E_BASE_URL=http://127.0.0.1:5000 npx tsx scripts/bench/member-trace.ts         # a running stack
 *   npx tsx scripts/bench/member-trace.ts --path /community/leden --runs 3           # three traces
 */

import { chromium, type Page } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '../lib/chromium.ts';
import { initScript, markers, markerTime, onStack, phoneContext, throttle } from '../lib/member-metrics.ts';
import { breakdown, type TraceEvent } from './trace-breakdown.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const path = arg('path', '/community/tijdlijn');
const runs = Number(arg('runs', '3'));
const email = arg('email', 'joris@kring.local');

/** Counts DOM mutation batches (one per React commit that changed the DOM) until the first marker. */
const commitsScript = `(() => {
  const c = (window.__commits = { n: 0, done: false });
  const markers = ${JSON.stringify(markers)};
  new MutationObserver(() => {
    if (c.done) return;
    if (document.getElementById('root')) c.n++;
    if (markers.some((m) => document.querySelector(m))) c.done = true;
  }).observe(document, { childList: true, subtree: true, attributes: false });
})()`;

const categories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'loading',
].join(',');

async function traced(page: Page, marker: string): Promise<{ events: TraceEvent[]; content: number }> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
  await page.goto(path, { waitUntil: 'commit' });
  const content = await markerTime(page, marker);
  await page.waitForTimeout(500);
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
  return { events, content };
}

async function signIn(page: Page) {
  await page.goto('/auth/signin');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill('kringdemo1');
  await page.getByRole('main').getByRole('button', { name: 'Inloggen', exact: true }).click();
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Notificaties/ })
    .waitFor({ timeout: 60_000 });
}

const markerFor = (p: string) =>
  p.startsWith('/community/bericht/')
    ? '[data-content="post-title"]'
    : p === '/community/leden'
      ? '[data-content="member-card"]'
      : p === '/account/lidmaatschap'
        ? '[data-testid="membership-status"]'
        : '[data-content="post-card"]';

async function measure(base: string) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const context = await browser.newContext({ ...phoneContext, baseURL: base });
    await context.addInitScript(initScript);
    await context.addInitScript(commitsScript);
    const signInPage = await context.newPage();
    await signIn(signInPage);
    await signInPage.close();
    const page = await context.newPage();
    await throttle(page);
    const marker = markerFor(path);
    // The first visit fills the HTTP cache and this tab's kept answers; the next ones are repeat visits.
    await page.goto(path, { waitUntil: 'commit' });
    await markerTime(page, marker);
    await page.waitForTimeout(1500);
    const reports: string[] = [];
    for (let i = 0; i < runs; i++) {
      const { events, content } = await traced(page, marker);
      const commits = await page.evaluate<number>('window.__commits.n');
      reports.push(breakdown(events, content, commits));
      await page.waitForTimeout(1000);
    }
    console.log(`\n${path}, repeat visit, 4x CPU:\n\n${reports.join('\n\n')}\n`);
    await context.close();
  } finally {
    await browser.close();
  }
}

await onStack(measure);
