// The site function's plans for /community (issue 27): asked from the web function's listPlans through
// Hosting (here a real HTTP server standing in for it), kept a minute, and never a failed page when
// that call fails. The real server render of the plans is in web/src/app/server/entry-server.test.tsx.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS_MAX_BYTES, PLANS_PATH } from './plans.ts';
import { CACHE_PRICED_PAGE, handleSite } from './site.ts';

// A renderer that shows what the site function gave it for the plans, as the web's does.
const renderer = `export async function renderPage({ loadContent }) {
  const answer = await loadContent('${PLANS_PATH}');
  const html = answer.status === 'ok' ? JSON.stringify(answer.data) : 'Prijzen worden geladen';
  return { status: 200, html: '<main>' + html + '</main>', complete: true, passes: 2 };
}`;
const maand = { id: 'maand', name: 'Maand', interval: '1 month', priceCents: 995, currency: 'EUR' };
const plans = [{ ...maand, vatRateBp: 2100, vatExemption: null }];

let dir: string;
let site: Server;
const saved = {
  SITE_RENDERER_DIR: process.env.SITE_RENDERER_DIR,
  PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL,
};
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kring-site-'));
  await writeFile(join(dir, 'entry-server.js'), renderer);
  await writeFile(join(dir, 'template.html'), '<html><body><div id="root"></div></body></html>');
  process.env.SITE_RENDERER_DIR = dir;
  const app = express();
  app.use(handleSite);
  site = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => site.once('listening', resolve));
});
afterAll(async () => {
  for (const [name, value] of Object.entries(saved))
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  site.close();
  await rm(dir, { recursive: true, force: true });
});

/** Hosting with the web function's listPlans answering `status` (and counting the calls). */
async function hosting(
  status: number,
  answer: unknown = status === 200 ? { plans } : { error: { code: 'INTERNAL' } },
) {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    calls.push(`${req.method} ${req.url}`);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // Each test its own origin: the site function keeps the plans per origin.
  process.env.PUBLIC_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { calls, close: () => new Promise((resolve) => server.close(resolve)) };
}

const community = () => fetch(`http://127.0.0.1:${(site.address() as AddressInfo).port}/community`);

describe('the plans on /community', () => {
  it('come from listPlans through Hosting, into the page, asked once a minute per instance', async () => {
    const web = await hosting(200);
    const first = await community();
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('"name":"Maand"');
    expect(first.headers.get('cache-control')).toBe(CACHE_PRICED_PAGE);
    expect(CACHE_PRICED_PAGE).toContain('s-maxage=60,');
    expect(await (await community()).text()).toContain('"priceCents":995');
    expect(web.calls).toEqual([`POST ${PLANS_PATH}`]);
    await web.close();
  });

  it('failing (500) leave the plans to the browser: the page still renders, and the next one asks again', async () => {
    const web = await hosting(500);
    for (let i = 0; i < 2; i++) {
      const page = await community();
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Prijzen worden geladen');
    }
    expect(web.calls).toHaveLength(2);
    await web.close();
  });

  it('unreachable (Hosting down) still gives the page', async () => {
    const web = await hosting(200);
    await web.close();
    const page = await community();
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Prijzen worden geladen');
  });

  it("carry only what the contract's listPlans output allows into the page", async () => {
    const web = await hosting(200, {
      plans: [{ ...plans[0], note: '</script><script>alert(1)</script>' }],
      debug: { instance: 'web-7' },
    });
    const text = await (await community()).text();
    expect(text).toContain('"name":"Maand"');
    expect(text).not.toContain('alert(1)');
    expect(text).not.toContain('web-7');
    await web.close();
  });

  it('in another shape than listPlans answers are left to the browser, and asked again', async () => {
    const web = await hosting(200, {
      plans: [{ name: '<img src=x onerror=alert(1)>', priceCents: 'gratis' }],
    });
    for (let i = 0; i < 2; i++) {
      const page = await community();
      expect(page.status).toBe(200);
      const text = await page.text();
      expect(text).toContain('Prijzen worden geladen');
      expect(text).not.toContain('onerror');
    }
    expect(web.calls).toHaveLength(2);
    await web.close();
  });

  it(`larger than ${PLANS_MAX_BYTES} bytes are not read into the page`, async () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({ ...plans[0], id: `plan-${i}` }));
    expect(JSON.stringify({ plans: many }).length).toBeGreaterThan(PLANS_MAX_BYTES);
    const web = await hosting(200, { plans: many });
    const text = await (await community()).text();
    expect(text).toContain('Prijzen worden geladen');
    expect(text).not.toContain('plan-999');
    await web.close();
  });

  it('redirected elsewhere (a misconfigured PUBLIC_BASE_URL) are left to the browser; the target is never asked', async () => {
    const elsewhere = await hosting(200, { plans: [{ ...plans[0], name: 'Elders' }] });
    const target = `${process.env.PUBLIC_BASE_URL}${PLANS_PATH}`;
    const redirecting = createServer((_req, res) => {
      res.writeHead(307, { location: target }).end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    process.env.PUBLIC_BASE_URL = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`;
    const page = await community();
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('Prijzen worden geladen');
    expect(text).not.toContain('Elders');
    expect(elsewhere.calls).toEqual([]);
    await new Promise((resolve) => redirecting.close(resolve));
    await elsewhere.close();
  });
});
