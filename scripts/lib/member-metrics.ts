/**
 * What the member-page benchmark (scripts/bench/member-pages.ts) and the member CLS check
 * (e2e/member-cls.spec.ts) measure in the browser: Lighthouse's mobile throttling through the DevTools
 * protocol, when the first real content shows, LCP and CLS.
 */
import type { Page } from '@playwright/test';

/** A phone as the member-page benchmarks open it (their probes are evaluated strings: the CSP forbids eval). */
export const phoneContext = {
  bypassCSP: true,
  locale: 'nl-NL',
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

/**
 * Records, in the page, when each marker first appears (the frame after it is inserted), LCP and
 * layout shifts. Strings: the scripts are type-checked without the DOM's types.
 */
export const markers = [
  '[data-content="post-card"]',
  '[data-content="post-title"]',
  '[data-content="member-card"]',
  '[data-content="chat-thread"]',
  '[data-testid="membership-status"]',
];
export const initScript = `(() => {
  const b = (window.__bench = { seen: {}, lcp: 0, shifts: [], moved: [] });
  const markers = ${JSON.stringify(markers)};
  const look = () => {
    for (const m of markers) {
      if (b.seen[m] === undefined && document.querySelector(m)) {
        b.seen[m] = -1;
        requestAnimationFrame(() => { b.seen[m] = performance.now(); });
      }
    }
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) b.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      b.shifts.push([e.startTime, e.value]);
      // What moved, for finding the cause: element, its marker or class, its top before and after.
      for (const x of e.sources || []) {
        const n = x.node;
        const name = n ? n.nodeName + '.' + ((n.getAttribute && (n.getAttribute('data-content') || n.getAttribute('class'))) || '') : '?';
        b.moved.push(Math.round(e.startTime) + 'ms ' + e.value.toFixed(4) + ' ' + name + ' y ' + x.previousRect.y + '->' + x.currentRect.y + ' h ' + x.previousRect.height + '->' + x.currentRect.height);
      }
    }
  }).observe({ type: 'layout-shift', buffered: true });
})()`;

/** CLS as Lighthouse: the largest session window (gaps < 1 s, windows <= 5 s). */
export const clsOf = (shifts: number[][]) => {
  let best = 0;
  let sum = 0;
  let start = 0;
  let last = 0;
  for (const [t = 0, v = 0] of shifts) {
    if (sum > 0 && (t - last > 1000 || t - start > 5000)) sum = 0;
    if (sum === 0) start = t;
    sum += v;
    last = t;
    best = Math.max(best, sum);
  }
  return best;
};

/** Throttles the page like Lighthouse's mobile preset and counts the script bytes it downloads. */
export async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1638.4 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  const scripts = new Set<string>();
  const counter = { bytes: 0 };
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') scripts.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (scripts.has(e.requestId)) counter.bytes += e.encodedDataLength;
  });
  return { cdp, counter };
}

export const markerTime = (page: Page, marker: string) =>
  page
    .waitForFunction(
      // Until the new document's probe is there (a new tab starts on about:blank), nothing yet.
      `(() => { const t = window.__bench && window.__bench.seen[${JSON.stringify(marker)}]; return t !== undefined && t >= 0 ? t : null; })()`,
      undefined,
      { timeout: 30_000, polling: 50 },
    )
    .then((h) => h.jsonValue() as Promise<number>);

/** After a load: LCP, CLS and what moved (the page's own record since navigation). */
export async function pageFigures(page: Page) {
  const b = await page.evaluate<{
    lcp: number;
    shifts: number[][];
    moved: string[];
    known: number;
    presumed: number;
  }>(
    "({ ...window.__bench, known: performance.getEntriesByName('kring:signed-in-known')[0]?.startTime ?? -1, presumed: performance.getEntriesByName('kring:member-presumed')[0]?.startTime ?? -1 })",
  );
  return { lcp: b.lcp, cls: clsOf(b.shifts), moved: b.moved, signedInKnown: b.known, presumed: b.presumed };
}
