/**
 * Vote feedback, the slowest click (issue 26: "≤ 50 ms after the click under 4× CPU"). A signed-in
 * demo member (joris) in Debian's Chromium, phone viewport, Lighthouse's mobile throttling through the
 * DevTools protocol (CPU `--cpu` times slower, 4 by default; `--cpu 4,6` measures both). Real clicks
 * (Playwright's mouse, trusted events) on three vote buttons, `--clicks` (20) each: the post's on a
 * post page, a timeline card's, a comment's on the post page. Each click: from the click event's
 * timestamp to the frame after the button's `aria-pressed` changed; then until the call's answer is in
 * and 1 s more (the page settles), then the next click.
 * For every click over 16 ms it prints what ran: the Event Timing entry (input delay, processing,
 * presentation), the long animation frames in the window (their scripts, style and layout) and the
 * server calls in flight.
 *
 *   flock /tmp/kring-stack.lock npx tsx scripts/bench/vote-feedback.ts            # starts a stack
 *   E2E_BASE_URL=http://127.0.0.1:5000 npx tsx scripts/bench/vote-feedback.ts      # a running stack
 *   npx tsx scripts/bench/vote-feedback.ts --clicks 20 --cpu 4,6 --trace           # options
 * `--trace` records a Chromium trace over the post's clicks and sums, per click, the main thread's
 * work in its window (GC, script, style, layout, paint).
 */
import { loadavg } from 'node:os';
import { chromium, type Locator, type Page } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '../lib/chromium.ts';
import { onStack, phoneContext, throttle, timelinePosts } from '../lib/member-metrics.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const clicks = Number(arg('clicks', '20'));
const rates = arg('cpu', '4').split(',').map(Number);
const trace = process.argv.includes('--trace');
const traceCategories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'blink.user_timing',
  'toplevel',
];
const email = 'joris@kring.local';
const password = 'kringdemo1';
const VOTE = 'button[aria-pressed][aria-label^="Stem omhoog"]';

/**
 * In the page: per vote click, its time and what ran. Strings: the scripts are type-checked without
 * the DOM's types.
 */
const probe = `(() => {
  const v = (window.__vote = { clicks: [], loaf: [], events: [] });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) v.loaf.push({ start: e.startTime, duration: e.duration,
    blocking: e.blockingDuration, render: e.renderStart, style: e.styleAndLayoutStart,
    scripts: e.scripts.map((s) => ({ start: s.startTime, duration: s.duration, invoker: s.invoker,
      fn: s.sourceFunctionName, url: (s.sourceURL || '').split('/').pop(), forced: s.forcedStyleAndLayoutDuration })) }); })
    .observe({ type: 'long-animation-frame', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) v.events.push({ name: e.name, start: e.startTime,
    duration: e.duration, pStart: e.processingStart, pEnd: e.processingEnd }); })
    .observe({ type: 'event', durationThreshold: 16, buffered: true });
  addEventListener('click', (e) => {
    const b = e.target.closest && e.target.closest(${JSON.stringify(VOTE)});
    if (!b) return;
    const c = { start: e.timeStamp, end: -1, before: b.getAttribute('aria-pressed') };
    v.clicks.push(c);
    new MutationObserver((_, o) => {
      if (b.getAttribute('aria-pressed') === c.before) return;
      o.disconnect();
      requestAnimationFrame(() => { c.end = performance.now(); performance.mark('kring-vote-end'); });
    }).observe(b, { attributes: true });
  }, { capture: true });
})()`;

interface Click {
  start: number;
  end: number;
}
interface Loaf {
  start: number;
  duration: number;
  blocking: number;
  render: number;
  style: number;
  scripts: { start: number; duration: number; invoker: string; fn: string; url: string; forced: number }[];
}
interface Timing {
  name: string;
  start: number;
  duration: number;
  pStart: number;
  pEnd: number;
}

/** `clicks` real clicks on `button`, each after the previous call's answer and a settled page. */
async function clickMany(page: Page, button: Locator): Promise<number> {
  const from = await page.evaluate<number>('window.__vote.clicks.length');
  for (let i = 0; i < clicks; i++) {
    const answered = page.waitForResponse((r) => /\/web\/community\/(undoU|u)pvote/.test(r.url()), {
      timeout: 30_000,
    });
    await button.click();
    await answered;
    await page.waitForFunction(`window.__vote.clicks.at(-1).end >= 0`, undefined, { timeout: 10_000 });
    await page.waitForTimeout(1000);
  }
  return from;
}

const ms = (n: number) => n.toFixed(0);

/** One slow click's story: the Event Timing entry, the long frames and the calls in its window. */
async function explain(page: Page, c: Click): Promise<string[]> {
  const v = await page.evaluate<{ loaf: Loaf[]; events: Timing[]; calls: [string, number, number][] }>(
    `({ ...window.__vote, calls: performance.getEntriesByType('resource').filter((r) => r.name.includes('/web/'))
      .map((r) => [r.name.split('/').pop(), r.startTime, r.responseEnd]) })`,
  );
  const lines: string[] = [];
  const ev = v.events.find((e) => e.name === 'click' && Math.abs(e.start - c.start) < 2);
  if (ev)
    lines.push(
      `    event: input delay ${ms(ev.pStart - ev.start)}, processing ${ms(ev.pEnd - ev.pStart)}, presentation ${ms(ev.start + ev.duration - ev.pEnd)}`,
    );
  for (const f of v.loaf.filter((f) => f.start < c.end && f.start + f.duration > c.start - 100)) {
    const scripts = f.scripts
      .map((s) => `${s.invoker}${s.fn ? ` ${s.fn}` : ''} (${s.url}) ${ms(s.duration)}`)
      .join('; ');
    lines.push(
      `    frame at ${ms(f.start - c.start)}: ${ms(f.duration)} ms, style+layout ${ms(f.start + f.duration - f.style)}, scripts: ${scripts || '–'}`,
    );
  }
  for (const [name, s, e] of v.calls.filter(([, s, e]) => s < c.end && e > c.start - 50))
    lines.push(`    call ${name}: ${ms(s - c.start)} → ${ms(e - c.start)}`);
  return lines;
}

/** The main thread's work in a click's window, from a Chromium trace: GC, script, style, layout, paint. */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
}
const traced = [
  'MinorGC',
  'MajorGC',
  'V8.GC_SCAVENGER',
  'V8.GC_MC',
  'FunctionCall',
  'EventDispatch',
  'TimerFire',
  'FireAnimationFrame',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'PrePaint',
  'Layerize',
  'ParseAuthorStyleSheet',
  'HitTest',
];
/** How long the main thread ran tasks in [from, to] (the union of its top-level tasks), ms. */
function busy(events: TraceEvent[], thread: TraceEvent, from: number, to: number) {
  const tasks = events
    .filter(
      (e) =>
        e.pid === thread.pid &&
        e.tid === thread.tid &&
        e.ph === 'X' &&
        (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'),
    )
    .map((e) => [Math.max(from, e.ts), Math.min(to, e.ts + (e.dur ?? 0))] as const)
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  let sum = 0;
  let reached = from;
  for (const [a, b] of tasks) {
    if (b <= reached) continue;
    sum += b - Math.max(a, reached);
    reached = b;
  }
  return sum / 1000;
}

function traceWindows(trace: Buffer, durations: number[]): string[] {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const ends = events.filter((e) => e.name === 'kring-vote-end').sort((a, b) => a.ts - b.ts);
  return ends.map((end, i) => {
    const to = end.ts;
    const from = to - (durations[i] ?? 0) * 1000;
    const sums = new Map<string, number>();
    for (const e of events) {
      if (e.pid !== end.pid || e.tid !== end.tid || e.ph !== 'X' || !traced.includes(e.name)) continue;
      const overlap = Math.min(to, e.ts + (e.dur ?? 0)) - Math.max(from, e.ts);
      if (overlap > 0) sums.set(e.name, (sums.get(e.name) ?? 0) + overlap / 1000);
    }
    const top = [...sums].sort((a, b) => b[1] - a[1]).filter(([, d]) => d >= 0.5);
    return `${ms(durations[i] ?? 0)} ms, main thread busy ${ms(busy(events, end, from, to))}: ${top.map(([n, d]) => `${n} ${d.toFixed(1)}`).join(', ') || 'nothing on the main thread'}`;
  });
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function report(page: Page, place: string, from: number) {
  const all = (await page.evaluate<Click[]>('window.__vote.clicks')).slice(from);
  const times = all.map((c) => c.end - c.start);
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `${place}: p50 ${ms(pct(sorted, 50))}, p95 ${ms(pct(sorted, 95))}, max ${ms(sorted.at(-1) ?? 0)} ms of ${times.length} (all: ${times.map(ms).join(' ')})`,
  );
  for (const c of all.filter((c) => c.end - c.start > 16)) {
    console.log(`  click of ${ms(c.end - c.start)} ms`);
    for (const line of await explain(page, c)) console.log(line);
  }
  return times;
}

/** A post with comments (the most commented of the timeline). */
async function postWithComments(base: string) {
  const items = await timelinePosts(base, email);
  return [...items].sort((x, y) => y.commentCount - x.commentCount)[0]?.id ?? 0;
}

async function measure(base: string, rate: number, postId: number) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const context = await browser.newContext({ ...phoneContext, baseURL: base });
    await context.addInitScript(probe);
    const page = await context.newPage();
    await page.goto('/auth/signin');
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByLabel('Wachtwoord').fill(password);
    await page.getByRole('main').getByRole('button', { name: 'Inloggen', exact: true }).click();
    await page.locator('[data-content="post-card"]').first().waitFor({ timeout: 60_000 });
    const { cdp } = await throttle(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    console.log(
      `\n## ${rate}× CPU (load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
    );
    const times: number[] = [];
    await page.goto(`/community/bericht/${postId}`);
    await page.locator('[data-content="post-title"]').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(2500);
    const post = page.locator(`main article ${VOTE}`).first();
    if (trace) await browser.startTracing(page, { categories: traceCategories });
    const postTimes = await report(page, 'post page, the post', await clickMany(page, post));
    times.push(...postTimes);
    if (trace) {
      console.log('  the main thread in each click (trace, ms):');
      for (const line of traceWindows(await browser.stopTracing(), postTimes)) console.log(`    ${line}`);
    }
    const comment = page.locator(`main ${VOTE}`).nth(1);
    if (await comment.count())
      times.push(...(await report(page, 'post page, a comment', await clickMany(page, comment))));
    await page.goto('/community/tijdlijn');
    await page.locator('[data-content="post-card"]').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(2500);
    const card = page.locator(`[data-content="post-card"] ${VOTE}`).first();
    times.push(...(await report(page, 'timeline, a card', await clickMany(page, card))));
    const sorted = times.sort((a, b) => a - b);
    console.log(
      `all ${sorted.length} clicks at ${rate}×: p50 ${ms(pct(sorted, 50))}, p95 ${ms(pct(sorted, 95))}, max ${ms(sorted.at(-1) ?? 0)} ms (load average ${loadavg()[0]?.toFixed(1)})`,
    );
  } finally {
    await browser.close();
  }
}

async function main(base: string) {
  const postId = await postWithComments(base);
  for (const rate of rates) await measure(base, rate, postId);
}

await onStack(main);
