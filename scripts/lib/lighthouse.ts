/**
 * Lighthouse (mobile preset: a mid-range phone on a slow 4G link, simulated) over the public
 * pages of a running stack, in Debian's Chromium. Used by `npm run lighthouse` (prints the table)
 * and by e2e/lighthouse.spec.ts in `npm test` (fails on accessibility, best practices or SEO below
 * 100 and on CLS above 0.02; prints performance, which a busy machine makes noisy).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from './chromium.ts';

export interface LighthouseScores {
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Milliseconds. */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Bytes of JavaScript transferred until network idle (Lighthouse's network-requests audit). */
  jsBytes: number;
  /** Audits below a full score in the categories that must be 100, for the failure message. */
  failing: string[];
}

/** The pages the issue names: home, the knowledge base, one article, the programme. */
export async function publicPagesToMeasure(base: string): Promise<string[]> {
  const res = await fetch(`${base}/web/content/articles?sort=publishDate:desc&pagination[pageSize]=1`);
  const slug = ((await res.json()) as { data: { slug: string }[] }).data[0]?.slug;
  if (!slug) throw new Error('no article to measure');
  return [`${base}/`, `${base}/kennisbank`, `${base}/kennisbank/${slug}`, `${base}/programma`];
}

/** The first items of a failing audit (which element, which console error), for the message. */
function itemsOf(details: unknown): string {
  const items = (details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const describe = (item: Record<string, unknown>) => {
    const node = item.node as { snippet?: string } | undefined;
    return String(item.description ?? item.url ?? node?.snippet ?? JSON.stringify(item)).slice(0, 200);
  };
  return items.length ? `: ${items.slice(0, 3).map(describe).join(' | ')}` : '';
}

/** JavaScript transferred (bytes on the wire, headers included), as Lighthouse counts it. */
function scriptBytes(details: unknown): number {
  const items = (details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)
    ?.items;
  return (items ?? [])
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

export async function runLighthouse(urls: string[]): Promise<LighthouseScores[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumFlags],
  });
  try {
    const results: LighthouseScores[] = [];
    for (const url of urls) {
      const run = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!run) throw new Error(`Lighthouse gave no result for ${url}`);
      const { categories, audits } = run.lhr;
      const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
      const failing = ['accessibility', 'best-practices', 'seo'].flatMap((id) =>
        (categories[id]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${id}: ${ref.id} (${audits[ref.id]?.title})${itemsOf(audits[ref.id]?.details)}`),
      );
      results.push({
        url,
        performance: score(categories.performance?.score),
        accessibility: score(categories.accessibility?.score),
        bestPractices: score(categories['best-practices']?.score),
        seo: score(categories.seo?.score),
        fcp: numeric('first-contentful-paint'),
        lcp: numeric('largest-contentful-paint'),
        tbt: numeric('total-blocking-time'),
        cls: numeric('cumulative-layout-shift'),
        jsBytes: scriptBytes(audits['network-requests']?.details),
        failing,
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}

/** A Markdown table of the scores (the README's). */
export function lighthouseTable(results: LighthouseScores[], base: string): string {
  const rows = results.map(
    (r) =>
      `| ${r.url.replace(base, '') || '/'} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${(r.fcp / 1000).toFixed(1)} s | ${(r.lcp / 1000).toFixed(1)} s | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${(r.jsBytes / 1024).toFixed(1)} KiB |`,
  );
  return [
    '| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | JS transferred |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
