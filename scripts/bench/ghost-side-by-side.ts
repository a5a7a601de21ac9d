/**
 * Kring beside Ghost (issue 27, docs/benchmarks.md "Side by side with Ghost"): Lighthouse 13's mobile
 * preset in Debian's Chromium (scripts/lib/lighthouse.ts, as e2e/lighthouse.spec.ts) on Ghost's home
 * and a post and on Kring's home and newest article, in `--rounds` (3) interleaved rounds, printed as
 * ranges over the rounds: JavaScript transferred, TBT, LCP, CLS and the performance score. Then, once
 * per `--menu-runs` (3), the first open of the mobile menu on Kring's article and Ghost's post on a
 * throttled phone (4x CPU and Lighthouse's mobile network, scripts/lib/member-metrics.ts), from the tap
 * to the first frame with the menu on screen and to the end of its opening transition.
 *
 * Ghost must already run (docs/benchmarks.md has the offline install); Kring is the e2e stack of
 * scripts/e2e.ts (fresh data, the seed content of the CMS), started and stopped here, so take the lock:
 *
 *   flock /tmp/kring-stack.lock npx tsx scripts/bench/ghost-side-by-side.ts [--rounds 3] [--menu-runs 3]
 *     [--ghost http://127.0.0.1:2368] [--ghost-post /zo-bepaal-je-een-eerlijk-uurtarief/]
 *   E2E_BASE_URL=http://127.0.0.1:5000 npx tsx scripts/bench/ghost-side-by-side.ts   # a running stack
 *   npx tsx scripts/bench/ghost-side-by-side.ts --ghost-only                         # Ghost alone
 *   flock /tmp/kring-stack.lock npx tsx scripts/bench/ghost-side-by-side.ts --kring-menu-only  # no Ghost
 *
 * Not part of `npm test`: it needs a Ghost install and a quiet machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '../lib/chromium.ts';
import { type LighthouseScores, publicPagesToMeasure, runLighthouse } from '../lib/lighthouse.ts';
import { phoneContext, throttle } from '../lib/member-metrics.ts';
import { startStack } from '../lib/stack.ts';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    'menu-runs': { type: 'string', default: '3' },
    ghost: { type: 'string', default: 'http://127.0.0.1:2368' },
    'ghost-post': { type: 'string' },
    'ghost-only': { type: 'boolean', default: false },
    'kring-menu-only': { type: 'boolean', default: false },
  },
});
const log = (line: string) => console.log(`▸ ${line}`);
const machine = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${cpus().length} cores`;

interface Page {
  label: string;
  url: string;
}

/** Ghost's home and a post: the one named, or the first post card on the home page. */
async function ghostPages(base: string): Promise<Page[]> {
  const res = await fetch(`${base}/`);
  const html = await res.text();
  const generator = /<meta name="generator" content="([^"]+)"/.exec(html)?.[1];
  if (!res.ok || !generator?.startsWith('Ghost')) throw new Error(`no Ghost at ${base} (HTTP ${res.status})`);
  const post = args['ghost-post'] ?? /class="post-card-image-link" href="([^"]+)"/.exec(html)?.[1];
  if (!post) throw new Error('Ghost has no post on its home page: create one (docs/benchmarks.md)');
  log(`${generator} at ${base}, post ${post}`);
  return [
    { label: 'Ghost home', url: `${base}/` },
    { label: 'Ghost post', url: new URL(post, base).href },
  ];
}

/** Kring's home and its newest article (the pages e2e/lighthouse.spec.ts names first and third). */
async function kringPages(base: string): Promise<Page[]> {
  const [home, , article] = await publicPagesToMeasure(base);
  return [
    { label: 'Kring home', url: home as string },
    { label: 'Kring article', url: article as string },
  ];
}

/** `rounds` rounds, each Lighthouse on every page in turn (one Chromium per round). */
async function lighthouseRounds(pages: Page[], rounds: number): Promise<LighthouseScores[][]> {
  // A first request per page, so no page is measured against a cold server or function.
  for (const page of pages) await fetch(page.url);
  const all: LighthouseScores[][] = [];
  for (let round = 1; round <= rounds; round++) {
    all.push(await runLighthouse(pages.map((p) => p.url)));
    log(`round ${round}/${rounds} done (${machine()})`);
  }
  return all;
}

const range = (values: number[], show: (v: number) => string) => {
  const low = show(Math.min(...values));
  const high = show(Math.max(...values));
  return low === high ? low : `${low}–${high}`;
};

type Figure = [name: string, pick: (r: LighthouseScores) => number, show: (v: number) => string];
const figures: Figure[] = [
  ['JavaScript transferred (to network idle)', (r) => r.jsBytes, (v) => `${(v / 1024).toFixed(1)} KiB`],
  ['Total Blocking Time', (r) => r.tbt, (v) => `${Math.round(v)} ms`],
  ['LCP', (r) => r.lcp, (v) => `${(v / 1000).toFixed(1)} s`],
  ['CLS', (r) => r.cls, (v) => v.toFixed(3)],
  ['performance score', (r) => r.performance, String],
  [
    'accessibility + best practices + SEO',
    (r) => r.accessibility + r.bestPractices + r.seo,
    (v) => `${v}/300`,
  ],
];

/** The table: one column per page, each figure as its range over the rounds. */
function sideBySideTable(pages: Page[], rounds: LighthouseScores[][]): string {
  const column = (i: number) => rounds.map((round) => round[i] as LighthouseScores);
  const row = ([name, pick, show]: Figure) =>
    `| ${name} | ${pages.map((_, i) => range(column(i).map(pick), show)).join(' | ')} |`;
  return [`| | ${pages.map((p) => p.label).join(' | ')} |`, `|---|${pages.map(() => '---|').join('')}`]
    .concat(figures.map(row))
    .join('\n');
}

/**
 * A site's mobile menu: its button, and two expressions evaluated in every animation frame after the
 * tap: `shown` (the menu is on screen) and `open` (its opening transition has ended).
 */
interface Menu {
  button: string;
  shown: string;
  open: string;
}
/** Kring: the slide panel (300 ms, `components/ui/slide-panel.tsx`), from off-screen to x = 0. */
const kringMenu: Menu = {
  button: 'button[aria-label="Menu openen"]',
  shown: `(() => { const p = document.querySelector('[data-testid="mobile-menu"]'); const b = p && p.getBoundingClientRect();
    return !!b && b.width > 0 && b.left < innerWidth - 1; })()`,
  open: `(() => { const p = document.querySelector('[data-testid="mobile-menu"]');
    return !!p && p.dataset.state === 'open' && Math.abs(new DOMMatrix(getComputedStyle(p).transform).m41) < 0.5; })()`,
};
/** Casper: `gh-head-open` on the body shows the menu; its links fade in over 0.2 s. */
const casperMenu: Menu = {
  button: '.gh-burger',
  shown: `(() => { const m = document.querySelector('#gh-head .gh-head-menu'); const c = m && getComputedStyle(m);
    return !!c && c.visibility === 'visible' && Number(c.opacity) > 0; })()`,
  open: `(() => { const l = [...document.querySelectorAll('#gh-head .nav li')].pop();
    return document.body.classList.contains('gh-head-open') && !!l && getComputedStyle(l).opacity === '1'; })()`,
};

/** What the page records: the tap (the touchstart's own time), the first frame shown, the first open. */
const menuProbe = (menu: Menu) => `(() => {
  const m = (window.__menu = { tap: -1, shown: -1, open: -1 });
  document.addEventListener('touchstart', (e) => { if (m.tap < 0) m.tap = e.timeStamp; }, { capture: true, passive: true });
  const frame = (now) => {
    if (m.tap >= 0) {
      if (m.shown < 0 && ${menu.shown}) m.shown = now;
      if (${menu.open}) {
        m.open = now;
        return;
      }
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})()`;

interface MenuOpen {
  visible: number;
  open: number;
  scriptKiB: number;
}

/** One first visit on a throttled phone: the page to network idle, then a tap on the menu button. */
async function menuOnce(url: string, menu: Menu): Promise<MenuOpen> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    // The probe is an evaluated string and the site's CSP forbids eval (as scripts/bench/member-pages.ts).
    const context = await browser.newContext(phoneContext);
    const page = await context.newPage();
    const { counter } = await throttle(page);
    await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
    const before = counter.bytes;
    await page.evaluate(menuProbe(menu));
    await page.locator(menu.button).tap();
    await page.waitForFunction('window.__menu.open >= 0', undefined, { timeout: 120_000, polling: 100 });
    const m = (await page.evaluate('window.__menu')) as { tap: number; shown: number; open: number };
    return { visible: m.shown - m.tap, open: m.open - m.tap, scriptKiB: (counter.bytes - before) / 1024 };
  } finally {
    await browser.close();
  }
}

/** `--menu-runs` first menu opens on `url`, printed one line each. */
async function menuSection(url: string, menu: Menu) {
  const menus: MenuOpen[] = [];
  for (let i = 0; i < Number(args['menu-runs']); i++) menus.push(await menuOnce(url, menu));
  console.log(`First mobile-menu open on ${url} (4x CPU, Lighthouse mobile network):`);
  for (const m of menus)
    console.log(
      `  tap → menu on screen ${Math.round(m.visible)} ms, → fully open ${Math.round(m.open)} ms, ${m.scriptKiB.toFixed(1)} KiB of script fetched after the tap`,
    );
}

/** The Lighthouse rounds over `pages` and their table, with any failing audit of the 100s. */
async function lighthouseSection(pages: Page[]) {
  const rounds = Number(args.rounds);
  console.log(`${new Date().toISOString()}, ${machine()}`);
  const results = await lighthouseRounds(pages, rounds);
  console.log(
    `\nLighthouse 13 mobile, ${rounds} interleaved rounds (ranges):\n\n${sideBySideTable(pages, results)}\n`,
  );
  const failing = new Set(results.flat().flatMap((r) => r.failing.map((audit) => `  ${r.url}: ${audit}`)));
  for (const line of failing) console.log(line);
}

/** Ghost alone (no lock needed), e.g. with its portal and search scripts served (docs/benchmarks.md). */
async function measureGhostOnly() {
  const ghost = await ghostPages(args.ghost.replace(/\/+$/, ''));
  await lighthouseSection(ghost);
  await menuSection(ghost[1]?.url as string, casperMenu);
}

async function measure(kring: string) {
  const kringSide = await kringPages(kring);
  if (args['kring-menu-only']) return menuSection(kringSide[1]?.url as string, kringMenu);
  const ghost = await ghostPages(args.ghost.replace(/\/+$/, ''));
  await lighthouseSection([...ghost, ...kringSide]);
  await menuSection(kringSide[1]?.url as string, kringMenu);
  await menuSection(ghost[1]?.url as string, casperMenu);
  console.log(`${new Date().toISOString()}, ${machine()}`);
}

const given = process.env.E2E_BASE_URL;
if (args['ghost-only']) await measureGhostOnly();
else if (given) await measure(given.replace(/\/+$/, ''));
else {
  const dataDir = mkdtempSync(join(tmpdir(), 'kring-ghost-bench-'));
  const stack = await startStack({ dataDir, vite: false, watch: false, officialEmulators: false, log });
  try {
    await measure('http://127.0.0.1:5000');
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
