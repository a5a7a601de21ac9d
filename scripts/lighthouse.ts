/**
 * `npm run lighthouse`: Lighthouse's mobile preset in Debian's Chromium against the running stack
 * (`npm run dev`, or E2E_BASE_URL) for home, /kennisbank, one article and /programma, printed as
 * the README's table. Run it on a quiet machine: performance depends on free CPU.
 */
import { lighthouseTable, publicPagesToMeasure, runLighthouse } from './lib/lighthouse.ts';

const base = (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:5000').replace(/\/+$/, '');
const urls = await publicPagesToMeasure(base);
// A first request per page, so no page is measured against a cold function.
for (const url of urls) await fetch(url);
const results = await runLighthouse(urls);
console.log(lighthouseTable(results, base));
for (const r of results) for (const audit of r.failing) console.log(`  ${r.url}: ${audit}`);
