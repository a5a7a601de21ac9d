import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

// Issue 4's acceptance checks, through the Hosting emulator's rewrite to the function and on to Strapi.
const hosting = 'http://127.0.0.1:5000';
const cmsToken = process.env.CMS_API_TOKEN ?? 'kring-local-cms-token-0123456789abcdef';

test.describe('public content through /web/content', () => {
  test('lists at least 8 published Dutch articles, cacheable by the CDN', async ({ request }) => {
    const res = await request.get(`${hosting}/web/content/articles?pagination[pageSize]=50`);
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toMatch(/s-maxage=\d+/);
    const body = (await res.json()) as { data: { slug: string; title: string }[] };
    expect(body.data.length).toBeGreaterThanOrEqual(8);
    expect(body.data.map((a) => a.slug)).not.toContain('concept-artikel-niet-publiek');
    // Dutch text: the seed is written for Dutch readers.
    expect(body.data.some((a) => /\b(de|het|een|van)\b/i.test(a.title))).toBe(true);
  });

  test('never shows a draft, not by slug and not when asking for drafts', async ({ request }) => {
    expect((await request.get(`${hosting}/web/content/articles/concept-artikel-niet-publiek`)).status()).toBe(
      404,
    );
    const sneaky = await request.get(
      `${hosting}/web/content/articles?status=draft&filters[slug][$eq]=concept-artikel-niet-publiek`,
    );
    const body = (await sneaky.json()) as { data?: unknown[] };
    expect(body.data ?? []).toEqual([]);
  });

  test('answers 404 for a content type that is not allowed', async ({ request }) => {
    const res = await request.get(`${hosting}/web/content/users`);
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND' } });
  });

  test('serves a detail page entry by slug', async ({ request }) => {
    const list = (await (
      await request.get(`${hosting}/web/content/articles?pagination[pageSize]=1`)
    ).json()) as {
      data: { slug: string }[];
    };
    const slug = list.data[0]!.slug;
    const res = await request.get(`${hosting}/web/content/articles/${slug}`);
    expect(res.status()).toBe(200);
    expect(((await res.json()) as { data: { slug: string } }).data.slug).toBe(slug);
  });
});

test('the CMS token appears nowhere in the built web app', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : [path];
    });
  const dist = join(import.meta.dirname, '../web/dist');
  const built = files(dist);
  expect(built.some((f) => f.endsWith('.js'))).toBe(true);
  for (const file of built) expect(readFileSync(file).includes(cmsToken), file).toBe(false);
});
