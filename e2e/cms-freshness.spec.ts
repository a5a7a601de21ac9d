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
}) => {
  test.setTimeout((freshnessSeconds + 60) * 1000);
  expect(editorToken, 'CMS_EDITOR_TOKEN: scripts/e2e.ts starts Strapi with an editor token').toBeTruthy();
  const found = await strapi(`articles?filters[slug][$eq]=${slug}`);
  const entry = (found.data as { documentId: string; title: string }[])[0];
  if (!entry) throw new Error(`no article ${slug}`);
  const path = `${hosting}/kennisbank/${slug}`;
  // The page as visitors have it now (and the function's cache holds it).
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(entry.title);

  const newTitle = `${entry.title} (bijgewerkt ${Date.now().toString(36)})`;
  const changedAt = Date.now();
  await setTitle(entry.documentId, newTitle);
  try {
    await expect
      .poll(
        async () => {
          const html = await (await fetch(path)).text();
          return /<h1[^>]*>([^<]*)<\/h1>/
            .exec(html)?.[1]
            ?.replace(/&#x27;/g, "'")
            .replace(/&amp;/g, '&');
        },
        { timeout: (freshnessSeconds + 10) * 1000, intervals: [1000] },
      )
      .toBe(newTitle);
    const seconds = (Date.now() - changedAt) / 1000;
    console.log(`new title in the first HTML after ${seconds.toFixed(1)} s (cache ${freshnessSeconds} s)`);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(newTitle);
    await expect(page).toHaveTitle(`${newTitle} | Kring`);
  } finally {
    await setTitle(entry.documentId, entry.title);
  }
});
