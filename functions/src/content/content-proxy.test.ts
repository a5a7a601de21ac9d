// The content proxy against the real Strapi from cms/, started on a free port with an empty
// database so that the bootstrap seeds the Dutch content and creates the read-only token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CACHE_ERROR,
  CACHE_OK,
  type ContentProxyConfig,
  proxyContent,
  proxyContentBySlug,
  proxyContentPath,
} from './content-proxy.ts';
import { freePort, type StrapiTestServer, startStrapi } from './strapi-test-server.ts';

const DRAFT_SLUG = 'concept-artikel-niet-publiek';

let strapi: StrapiTestServer;
let cfg: ContentProxyConfig;
const logged: { msg: string; details?: unknown }[] = [];

beforeAll(async () => {
  strapi = await startStrapi();
  cfg = { cmsUrl: strapi.url, cmsToken: strapi.token, log: (msg, details) => logged.push({ msg, details }) };
  console.info(`[content tests] Strapi ready in ${strapi.startMs} ms (empty DB, seeded)`);
}, 120_000);

afterAll(async () => {
  await strapi?.stop();
}, 20_000);

interface Entry {
  slug: string;
  title: string;
  summary?: string;
  body?: string;
  startsAt?: string;
  topics?: string[];
}
const list = (body: unknown) => (body as { data: Entry[] }).data;
const one = (body: unknown) => (body as { data: Entry }).data;

describe('content proxy against the real Strapi', () => {
  it('lists at least 8 published Dutch articles, newest first, cacheable', async () => {
    const res = await proxyContent(
      { contentTypeApiId: 'articles', rawQuery: 'sort=publishDate:desc&pagination[pageSize]=50' },
      cfg,
    );
    expect(res.status).toBe(200);
    expect(res.headers['Cache-Control']).toBe(CACHE_OK);
    const articles = list(res.body);
    expect(articles.length).toBeGreaterThanOrEqual(8);
    expect(articles.map((a) => a.title)).toContain('Zo bepaal je een eerlijk uurtarief');
    expect(articles.every((a) => a.slug && a.title && a.summary)).toBe(true);
    // Dutch, not lorem ipsum: common Dutch words across the summaries.
    const text = articles.map((a) => a.summary).join(' ');
    expect(text).toMatch(/\b(je|een|het|van)\b/);
    expect(text).not.toMatch(/lorem/i);
    expect(articles.map((a) => a.slug)).not.toContain(DRAFT_SLUG);
  });

  it('returns one article by slug with its Markdown body', async () => {
    const res = await proxyContentBySlug(
      { contentTypeApiId: 'articles', slug: 'pensioen-opbouwen-als-zelfstandige' },
      cfg,
    );
    expect(res.status).toBe(200);
    const article = one(res.body);
    expect(article.title).toBe('Pensioen opbouwen als zelfstandige: vijf routes op een rij');
    expect(article.body).toContain('## Wat past bij jou?');
    expect(article.topics).toEqual(['Geld', 'Toekomst']);
  });

  it('routes /web/content/{type}/{slug} paths', async () => {
    const res = await proxyContentPath(
      { path: '/web/content/podcasts/nee-is-ook-een-antwoord', rawQuery: '' },
      cfg,
    );
    expect(res.status).toBe(200);
    expect(one(res.body).title).toBe('Nee is ook een antwoord');
    expect((await proxyContentPath({ path: '/web/content/podcasts/a/b', rawQuery: '' }, cfg)).status).toBe(
      404,
    );
  });

  it('never returns the draft article, whatever the query asks for', async () => {
    // The seed did create the draft (otherwise this test could not fail).
    expect(strapi.output()).toMatch(/api::article\.article \(\d+ published, 1 draft\)/);

    for (const rawQuery of [
      '',
      'status=draft',
      'publicationState=preview',
      'status[0]=draft',
      'status%5B%5D=draft',
    ]) {
      const res = await proxyContentBySlug({ contentTypeApiId: 'articles', slug: DRAFT_SLUG, rawQuery }, cfg);
      expect(res.status, rawQuery).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND' } });

      const listed = await proxyContent(
        { contentTypeApiId: 'articles', rawQuery: `${rawQuery}&filters[slug][$eq]=${DRAFT_SLUG}` },
        cfg,
      );
      expect(listed.status).toBe(200);
      expect(list(listed.body)).toEqual([]);
    }
  });

  it('CMS level: the token gets no drafts either, and without a token nothing is readable', async () => {
    const direct = await fetch(`${strapi.url}/api/articles?status=draft&filters[slug][$eq]=${DRAFT_SLUG}`, {
      headers: { Authorization: `Bearer ${strapi.token}` },
    });
    expect(direct.status).toBe(200);
    expect(((await direct.json()) as { data: unknown[] }).data).toEqual([]);

    for (const type of ['articles', 'homepage', 'navigation']) {
      const anonymous = await fetch(`${strapi.url}/api/${type}`);
      expect(anonymous.status, type).toBe(401);
    }
    const write = await fetch(`${strapi.url}/api/articles`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${strapi.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { title: 'x' } }),
    });
    expect(write.status).toBe(403);
  });

  it('answers 404 for unknown content types without asking the CMS', async () => {
    let calls = 0;
    const counting: ContentProxyConfig = {
      ...cfg,
      fetchImpl: (input, init) => {
        calls++;
        return fetch(input, init);
      },
    };
    for (const type of [
      'users',
      'upload/files',
      '../admin',
      'article',
      'Articles',
      'constructor',
      '__proto__',
    ]) {
      const res = await proxyContent({ contentTypeApiId: type, rawQuery: '' }, counting);
      expect(res.status, type).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND' } });
    }
    expect((await proxyContentBySlug({ contentTypeApiId: 'homepage', slug: 'x' }, counting)).status).toBe(
      404,
    );
    expect(calls).toBe(0);
  });

  it('answers 404 for a slug that does not exist', async () => {
    const res = await proxyContentBySlug({ contentTypeApiId: 'events', slug: 'bestaat-niet' }, cfg);
    expect(res.status).toBe(404);
  });

  it('has past and upcoming events', async () => {
    const res = await proxyContent({ contentTypeApiId: 'events', rawQuery: 'sort=startsAt:asc' }, cfg);
    expect(res.status).toBe(200);
    const starts = list(res.body).map((e) => Date.parse(e.startsAt ?? ''));
    expect(starts.length).toBeGreaterThanOrEqual(4);
    expect(starts.some((t) => t < Date.now())).toBe(true);
    expect(starts.some((t) => t > Date.now())).toBe(true);
  });

  it('serves the single types: navigation (components populated), site meta, homepage, about page', async () => {
    const nav = await proxyContent({ contentTypeApiId: 'navigation', rawQuery: '' }, cfg);
    expect(nav.status).toBe(200);
    const navData = (nav.body as { data: { primary: Record<string, string>; socials: { type: string }[] } })
      .data;
    expect(navData.primary.aboutUs).toBe('Over ons');
    expect(navData.socials.map((s) => s.type)).toEqual([
      'Twitter',
      'Facebook',
      'Instagram',
      'LinkedIn',
      'Email',
    ]);

    const meta = await proxyContent({ contentTypeApiId: 'site-meta', rawQuery: '' }, cfg);
    expect(meta.status).toBe(200);
    expect((meta.body as { data: { postalCode: string } }).data.postalCode).toMatch(/^\d{4} [A-Z]{2}/);

    for (const type of ['homepage', 'about-page']) {
      expect((await proxyContent({ contentTypeApiId: type, rawQuery: '' }, cfg)).status, type).toBe(200);
    }
  });

  it('keeps entries when the caller narrows fields (required fields are added)', async () => {
    const res = await proxyContent({ contentTypeApiId: 'podcasts', rawQuery: 'fields[0]=title' }, cfg);
    expect(res.status).toBe(200);
    const podcasts = list(res.body) as unknown as Record<string, unknown>[];
    expect(podcasts.length).toBe(4);
    expect(Object.keys(podcasts[0] ?? {})).toEqual(expect.arrayContaining(['title', 'slug', 'audioUrl']));
    expect(podcasts[0]).not.toHaveProperty('showNotes');
  });

  it('maps a rejected token to 502 and logs the reason', async () => {
    logged.length = 0;
    const res = await proxyContent(
      { contentTypeApiId: 'articles', rawQuery: '' },
      { ...cfg, cmsToken: 'wrong-token' },
    );
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: { code: 'INTERNAL' } });
    expect(JSON.stringify(logged)).toContain('401');
  });

  it('maps Strapi down to 502 with no-store', async () => {
    const port = await freePort();
    const res = await proxyContent(
      { contentTypeApiId: 'articles', rawQuery: '' },
      { ...cfg, cmsUrl: `http://127.0.0.1:${port}`, log: () => {} },
    );
    expect(res.status).toBe(502);
    expect(res.headers['Cache-Control']).toBe(CACHE_ERROR);
    expect(res.body).toEqual({ error: { code: 'INTERNAL' } });
  });

  it('adds little latency on loopback (measured, loosely bounded)', async () => {
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      const res = await proxyContent(
        { contentTypeApiId: 'articles', rawQuery: 'pagination[pageSize]=10' },
        cfg,
      );
      times.push(performance.now() - t0);
      expect(res.status).toBe(200);
    }
    times.sort((a, b) => a - b);
    const median = times[10] ?? 0;
    console.info(
      `[content tests] proxy list of 10 articles: median ${median.toFixed(1)} ms, max ${times[19]?.toFixed(1)} ms`,
    );
    expect(median).toBeLessThan(500);
  });
});
