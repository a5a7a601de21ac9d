/**
 * Member pages on a phone (issue 26): a signed-in demo member (joris) in Debian's Chromium with
 * Lighthouse's mobile throttling applied through the DevTools protocol (4x CPU, 150 ms round trip,
 * 1.6 Mbit/s down, 750 kbit/s up). Per page, the median of `--runs` (5) of:
 * - first visit: a new tab right after signing in, the HTTP cache emptied (the Auth SDK's stored
 *   sign-in kept, as after a sign-in);
 * - repeat visit: the same page loaded again in that tab.
 * Figures: time to first real content (the first post card, the post's title, the first member card,
 * the first chat thread, the membership status: `data-content` / `data-testid` markers), LCP, CLS
 * (session windows, as Lighthouse) and JavaScript transferred. The chat panel is timed from the click
 * on 'Berichten' on a loaded timeline to its first thread; the vote from the click to the button's
 * new state (a post page, repeat visit).
 * And the first visit as a member has it: on the sign-in page (loaded, the app and the Auth SDK
 * with it), from the click on 'Inloggen' to the timeline's first post card, the app moving on by itself.
 *
 *   flock /tmp/kring-stack.lock npx tsx scripts/bench/member-pages.ts            # starts a stack
 *   E2E_BASE_URL=http://127.0.0.1:5000 npx tsx scripts/bench/member-pages.ts      # a running stack
 */
import { type Browser, chromium, type Page } from '@playwright/test';
import { signIn as apiSignIn, onSeededStack } from '../lib/bench-stack.ts';
import { chromiumFlags, chromiumPath } from '../lib/chromium.ts';
import { initScript, markerTime, pageFigures, phoneContext, throttle } from '../lib/member-metrics.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const runs = Number(arg('runs', '5'));
const email = arg('email', 'joris@kring.local');
const password = 'kringdemo1';

interface Sample {
  content: number;
  lcp: number;
  cls: number;
  jsBytes: number;
  /** When member-boot.ts had the Auth SDK's answer (-1: not marked, e.g. the old code). */
  signedInKnown: number;
  /** When member-boot.ts had put back the kept answers from the SDK's stored user (-1: not). */
  presumed: number;
}
type Visit = 'first' | 'repeat';
interface Case {
  name: string;
  path: string;
  marker: string;
  /** After the page's content: time this action (the chat panel) instead of the load. */
  chat?: true;
}

/** Loads `c.path` (or, for the chat, opens the panel on the loaded timeline) and reads the figures. */
async function visit(page: Page, counter: { bytes: number }, c: Case): Promise<Sample> {
  counter.bytes = 0;
  await page.goto(c.path, { waitUntil: 'commit' });
  let content: number;
  if (c.chat) {
    await markerTime(page, '[data-content="post-card"]');
    await page.waitForTimeout(1500);
    counter.bytes = 0;
    const button = page.getByRole('banner').getByRole('button', { name: /^Berichten,/ });
    await button.waitFor();
    // One evaluated expression (a string, as the scripts have no DOM types): the time, then the click.
    const clicked: number = await page.evaluate(
      `(() => { const b = document.querySelector('header button[aria-label^="Berichten,"]'); const t = performance.now(); b.click(); return t; })()`,
    );
    content = (await markerTime(page, c.marker)) - clicked;
  } else content = await markerTime(page, c.marker);
  // Late shifts and the final LCP candidate.
  await page.waitForTimeout(2000);
  const { lcp, cls, moved, signedInKnown, presumed } = await pageFigures(page);
  if (process.env.BENCH_SHIFTS !== '0' && moved.length) console.log(`  ${c.name}: ${moved.join('; ')}`);
  return { content, lcp, cls, jsBytes: counter.bytes, signedInKnown, presumed };
}

async function signIn(page: Page) {
  await page.goto('/auth/signin');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Inloggen', exact: true }).click();
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Notificaties/ })
    .waitFor({ timeout: 60_000 });
}

/** Click on a post's vote button to its new aria-pressed state (after the next frame): vote, undo, twice. */
async function voteFeedback(page: Page): Promise<number[]> {
  const times: unknown[] = [];
  for (let i = 0; i < 4; i++) {
    times.push(
      await page.evaluate(`new Promise((resolve) => {
        const b = document.querySelector('main article button[aria-pressed]');
        const before = b.getAttribute('aria-pressed');
        const t = performance.now();
        new MutationObserver((_, o) => {
          if (b.getAttribute('aria-pressed') === before) return;
          o.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - t));
        }).observe(b, { attributes: true });
        setTimeout(() => resolve(-1), 10000);
        b.click();
      })`),
    );
    await page.waitForTimeout(1500);
  }
  // -1: no new state within 10 s (e.g. the member's own post).
  return (times as number[]).filter((t) => t >= 0);
}

const contextOptions = { ...phoneContext, timezoneId: 'Europe/Amsterdam' };

/**
 * A member signing in (throttled, a new browser): the sign-in page loads with an empty HTTP cache and
 * settles (its app and the Auth SDK), then from the click on 'Inloggen' to the timeline's first post.
 */
async function signInToTimeline(browser: Browser, base: string): Promise<Sample> {
  const context = await browser.newContext({ ...contextOptions, baseURL: base });
  await context.addInitScript(initScript);
  try {
    const page = await context.newPage();
    const { cdp, counter } = await throttle(page);
    await cdp.send('Network.clearBrowserCache');
    await page.goto('/auth/signin');
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByLabel('Wachtwoord').fill(password);
    // What the sign-in page loads after its first paint (the Auth SDK, prefetches) is in.
    await page.waitForLoadState('networkidle');
    counter.bytes = 0;
    const clicked: number = await page.evaluate(
      `(() => { const b = [...document.querySelectorAll('main button[type="submit"]')].find((x) => x.textContent.trim() === 'Inloggen'); const t = performance.now(); b.click(); return t; })()`,
    );
    const content = (await markerTime(page, '[data-content="post-card"]')) - clicked;
    await page.waitForTimeout(2000);
    const { lcp, cls, moved } = await pageFigures(page);
    if (process.env.BENCH_SHIFTS !== '0' && moved.length)
      console.log(`  sign-in to timeline: ${moved.join('; ')}`);
    return { content, lcp: lcp - clicked, cls, jsBytes: counter.bytes, signedInKnown: -1, presumed: -1 };
  } finally {
    await context.close();
  }
}

const SIGN_IN = 'sign-in → /community/tijdlijn';

/** One run: sign in, then each page in a new tab with an empty HTTP cache, then once more. */
async function run(browser: Browser, base: string, cases: Case[]) {
  const result: Record<string, Partial<Record<Visit, Sample>>> = {};
  try {
    result[SIGN_IN] = { first: await signInToTimeline(browser, base) };
  } catch (error) {
    console.log(`  ${SIGN_IN}: failed: ${String(error).split('\n')[0]}`);
  }
  const context = await browser.newContext({ ...contextOptions, baseURL: base });
  await context.addInitScript(initScript);
  let votes: number[] = [];
  try {
    const signInPage = await context.newPage();
    await signIn(signInPage);
    await signInPage.close();
    for (const c of cases) {
      const page = await context.newPage();
      const { cdp, counter } = await throttle(page);
      await cdp.send('Network.clearBrowserCache');
      try {
        const first = await visit(page, counter, c);
        const repeat = await visit(page, counter, c);
        result[c.name] = { first, repeat };
        if (c.marker === '[data-content="post-title"]') votes = await voteFeedback(page);
      } catch (error) {
        // One page failing leaves the others' figures; the table says how many runs each has.
        console.log(`  ${c.name}: failed: ${String(error).split('\n')[0]}`);
      }
      await page.close();
    }
  } finally {
    await context.close();
  }
  return { result, votes };
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

/** The SDK's answer, from the runs that marked it (the old code does not). */
const known = (samples: Sample[], field: 'signedInKnown' | 'presumed' = 'signedInKnown') => {
  const marked = samples.map((s) => s[field]).filter((t) => t >= 0);
  return marked.length ? median(marked).toFixed(0) : '–';
};

/** One table row: the medians of `samples` (of `runs` runs). */
function row(name: string, label: string, samples: Sample[], runs: number, chat = false): string[] {
  const lines: string[] = [];
  const m = (f: (s: Sample) => number) => median(samples.map(f));
  if (samples.length < runs)
    lines.push(`| ${name} | ${label} | (${samples.length} of ${runs} runs) | | | | | |`);
  if (samples.length === 0) return lines;
  lines.push(
    `| ${name} | ${label} | ${m((s) => s.content).toFixed(0)} | ${chat ? '–' : m((s) => s.lcp).toFixed(0)} | ${m((s) => s.cls).toFixed(3)} | ${(m((s) => s.jsBytes) / 1024).toFixed(1)} | ${known(samples)} | ${known(samples, 'presumed')} |`,
  );
  return lines;
}

const labels: Record<Visit, string> = { first: 'first, empty HTTP cache', repeat: 'repeat' };

function table(cases: Case[], all: Awaited<ReturnType<typeof run>>[]) {
  const lines = [
    '| page | visit | first real content ms | LCP ms | CLS | JS transferred KB | SDK knew the member ms | kept answers back from the stored user ms |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const signIns = all.map((r) => r.result[SIGN_IN]?.first).filter((s): s is Sample => s !== undefined);
  lines.push(...row(SIGN_IN, 'first, from the click', signIns, all.length));
  for (const c of cases) {
    for (const v of ['first', 'repeat'] as const) {
      const samples = all.map((r) => r.result[c.name]?.[v]).filter((s): s is Sample => s !== undefined);
      lines.push(...row(c.name, labels[v], samples, all.length, c.chat));
    }
  }
  const votes = all.flatMap((r) => r.votes);
  if (votes.length)
    lines.push(
      '',
      `vote feedback (click to new state, ms): median ${median(votes).toFixed(0)}, max ${Math.max(...votes).toFixed(0)} of ${votes.length}`,
    );
  return lines.join('\n');
}

/** A post of the seeded community (the first of the timeline), as the member sees it. */
async function firstPostId(base: string, attempts = 3): Promise<number> {
  const token = await apiSignIn(email);
  const res = await fetch(`${base}/web/community/listPosts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ order: 'createdAt' }),
  });
  const text = await res.text();
  const id = res.ok ? (JSON.parse(text) as { items: { id: number }[] }).items[0]?.id : undefined;
  if (id !== undefined) return id;
  // A cold functions emulator on a busy machine may answer 'Timed out waiting for function to respond'.
  if (attempts > 1) return firstPostId(base, attempts - 1);
  throw new Error(`no post to measure: ${text.slice(0, 200)}`);
}

async function measure(base: string) {
  const postId = await firstPostId(base);
  const cases: Case[] = [
    { name: '/community/tijdlijn', path: '/community/tijdlijn', marker: '[data-content="post-card"]' },
    { name: 'a post', path: `/community/bericht/${postId}`, marker: '[data-content="post-title"]' },
    { name: '/community/leden', path: '/community/leden', marker: '[data-content="member-card"]' },
    {
      name: 'chat panel opening',
      path: '/community/tijdlijn',
      marker: '[data-content="chat-thread"]',
      chat: true,
    },
    {
      name: '/account/lidmaatschap',
      path: '/account/lidmaatschap',
      marker: '[data-testid="membership-status"]',
    },
  ];
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const all: Awaited<ReturnType<typeof run>>[] = [];
  try {
    // A first run warms the functions' workers; it is not counted.
    await run(browser, base, cases.slice(0, 1));
    for (let i = 0; i < runs; i++) {
      all.push(await run(browser, base, cases));
      console.log(`▸ run ${i + 1}/${runs} done`);
    }
  } finally {
    await browser.close();
  }
  console.log(`\n${table(cases, all)}\n`);
}

await onSeededStack(measure);
