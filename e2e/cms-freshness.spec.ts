import { expect, test } from '@playwright/test';
import { hosting } from './support.ts';

// Issue 14: an editor's change in Strapi reaches the public page without a rebuild or deploy.
// Locally there is no CDN: the page is as fresh as the site function's content cache
// (SITE_CONTENT_TTL_SECONDS, 30 s by default). In production add the CDN's s-maxage (5 minutes).
const cms = process.env.CMS_URL ?? 'http://127.0.0.1:1337';
const editorToken = process.env.CMS_EDITOR_TOKEN;
const freshnessSeconds = Number(process.env.SITE_CONTENT_TTL_SECONDS ?? 30);
const slug = 'samenwerken-in-een-collectief';

async function strapi(path: string, init?: RequestInit) {
  const res = await fetch(`${cms}/api/${path}`, {
    ...init,
    headers: { authorization: `Bearer ${editorToken}`, 'content-type': 'application/json' },
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return (await res.json()) as { data: { documentId: string; title: string }[] | { title: string } };
}

const setTitle = (documentId: string, title: string) =>
  strapi(`articles/${documentId}?status=published`, {
    method: 'PUT',
    body: JSON.stringify({ data: { title } }),
  });

test("an editor's new article title shows on the public page within the stated freshness", async ({
  page,
  browser,
}) => {
  test.setTimeout((2 * freshnessSeconds + 60) * 1000);
  expect(editorToken, 'CMS_EDITOR_TOKEN: scripts/e2e.ts starts Strapi with an editor token').toBeTruthy();
  const found = await strapi(`articles?filters[slug][$eq]=${slug}`);
  const entry = (found.data as { documentId: string; title: string }[])[0];
  if (!entry) throw new Error(`no article ${slug}`);
  const path = `${hosting}/kennisbank/${slug}`;
  const firstHeading = async () => {
    const html = await (await fetch(path)).text();
    return /<h1[^>]*>([^<]*)<\/h1>/
      .exec(html)?.[1]
      ?.replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&');
  };
  const within = { timeout: (freshnessSeconds + 10) * 1000, intervals: [1000] };
  // The page as visitors have it now, its answer in the function's cache (a previous run's change
  // may still be in there for a moment).
  await expect.poll(firstHeading, within).toBe(entry.title);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(entry.title);

  const newTitle = `${entry.title} (bijgewerkt ${Date.now().toString(36)})`;
  const changedAt = Date.now();
  await setTitle(entry.documentId, newTitle);
  try {
    await expect.poll(firstHeading, within).toBe(newTitle);
    const seconds = (Date.now() - changedAt) / 1000;
    console.log(`new title in the first HTML after ${seconds.toFixed(1)} s (cache ${freshnessSeconds} s)`);
    // A visitor arriving now (the first page above sits in that browser's cache for a minute).
    const visitor = await browser.newPage();
    await visitor.goto(path);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(newTitle);
    await expect(visitor).toHaveTitle(`${newTitle} | Kring`);
    await visitor.close();
  } finally {
    await setTitle(entry.documentId, entry.title);
  }
});
