import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopAll } from '../../test/community.ts';
import { call, createMember } from '../../test/helpers.ts';
import { type StrapiTestServer, startStrapi } from '../content/strapi-test-server.ts';
import { handleCmsWebhook } from '../http/cms-webhook.ts';
import { config } from '../lib/config.ts';
import { getDb } from '../lib/db.ts';
import { indexArticle, reindexKennisbank } from './kennisbank.ts';
import { upsertArticle } from './search.repo.ts';

/**
 * Kennisbank articles in search, against the real Strapi from cms/: its webhook (created by the
 * CMS bootstrap from KRING_SEARCH_WEBHOOK_URL) reaches handleCmsWebhook over HTTP, and the full
 * re-index reads every published article.
 */
let strapi: StrapiTestServer;
let receiver: Server;
/** What Strapi posted (its payload) and what the handler answered, in the order they were handled. */
const deliveries: {
  payload: { event?: string; entry?: { slug?: string } };
  status: number;
  body: unknown;
}[] = [];
const editorToken = `kring-editor-${randomBytes(20).toString('hex')}`;
let member: Awaited<ReturnType<typeof createMember>>;
const saved = { url: process.env.CMS_URL, token: process.env.CMS_API_TOKEN };

beforeAll(async () => {
  // The webhook's receiver: the real handler behind a plain HTTP server, as express hands it over.
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const rawBody = Buffer.concat(chunks);
      const answer = await handleCmsWebhook({
        method: req.method ?? 'GET',
        path: '/web/cms/webhook',
        headers: req.headers,
        rawBody,
      });
      deliveries.push({
        payload: JSON.parse(rawBody.toString('utf8')),
        status: answer.status,
        body: answer.body,
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((ready) => receiver.listen(0, '127.0.0.1', ready));
  const { port } = receiver.address() as AddressInfo;
  [strapi, member] = await Promise.all([
    startStrapi({
      readyTimeoutMs: 170_000,
      env: {
        KRING_SEARCH_WEBHOOK_URL: `http://127.0.0.1:${port}/web/cms/webhook`,
        CMS_WEBHOOK_SECRET: config.cmsWebhookSecret(),
        CMS_EDITOR_TOKEN: editorToken,
      },
    }),
    createMember(1),
  ]);
  process.env.CMS_URL = strapi.url;
  process.env.CMS_API_TOKEN = strapi.token;
}, 180_000);

afterAll(async () => {
  process.env.CMS_URL = saved.url;
  process.env.CMS_API_TOKEN = saved.token;
  await strapi?.stop();
  await new Promise<void>((done) => receiver?.close(() => done()));
  await stopAll();
});

const articleSlugs = async (q: string) => {
  const res = await call('search', { q, kind: 'articles', cursor: null, pageSize: 50 }, member);
  expect(res.status).toBe(200);
  return res.body.items.flatMap((i) => (i.kind === 'article' ? [i.slug] : []));
};

/** Polls until `check` passes: Strapi sends its webhooks after it answered the editor. */
async function eventually(check: () => Promise<void>, ms = 15_000) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

const cms = (method: string, path: string, body?: unknown) =>
  fetch(`${strapi.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${editorToken}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

describe('kennisbank articles in search', () => {
  it('the full re-index brings in every published article, not the drafts, and ranks them for a Dutch query', async () => {
    const result = await reindexKennisbank(await getDb());
    expect(result.indexed).toBeGreaterThanOrEqual(9);
    // 'tarieven' finds the seeded 'Zo bepaal je een eerlijk uurtarief' (its text says 'tarief').
    expect(await articleSlugs('tarieven')).toContain('zo-bepaal-je-een-eerlijk-uurtarief');
    // The seed's one draft (the CMS holds it, the site never shows it) stays out.
    const published = (await (
      await cms('GET', '/api/articles?fields[0]=slug&pagination[pageSize]=100')
    ).json()) as {
      data: { slug: string }[];
    };
    const rows = await (await getDb()).selectFrom('kennisbank_articles').select('slug').execute();
    const slugs = rows.map((r) => r.slug);
    expect(slugs.sort()).toEqual(published.data.map((p) => p.slug).sort());
    expect(slugs).not.toContain('concept-artikel-niet-publiek');
    expect(await articleSlugs('concept regels zelfstandigen')).toEqual([]);
  });

  it('follows the CMS through its webhook: publish, edit and delete', async () => {
    const word = Array.from(randomBytes(8), (b) => 'bcdfghjklmnpqrstvwxz'[b % 20]).join('');
    const slug = `artikel-${word}`;
    const created = await cms('POST', '/api/articles?status=published', {
      data: {
        title: `Nieuw over ${word}`,
        slug,
        summary: 'Een korte samenvatting.',
        body: `De **tarieven** voor ${word} in een tabel.`,
        publishDate: '2026-11-01',
        author: 'Redactie',
      },
    });
    expect(created.status).toBe(201);
    const documentId = ((await created.json()) as { data: { documentId: string } }).data.documentId;
    await eventually(async () => expect(await articleSlugs(word)).toEqual([slug]));

    const edited = await cms('PUT', `/api/articles/${documentId}?status=published`, {
      data: { title: 'Een andere titel', body: 'Nu over iets anders: kringloop.' },
    });
    expect(edited.status).toBe(200);
    await eventually(async () => expect(await articleSlugs(word)).toEqual([]));
    expect(await articleSlugs('kringloop')).toContain(slug);

    expect((await cms('DELETE', `/api/articles/${documentId}`)).status).toBeLessThan(300);
    await eventually(async () => expect(await articleSlugs('kringloop')).not.toContain(slug));
    expect(deliveries.some((d) => d.status === 200)).toBe(true);
  });

  it('keeps the published article in search while a draft renames its slug, and follows the rename once published', async () => {
    const word = Array.from(randomBytes(8), (b) => 'bcdfghjklmnpqrstvwxz'[b % 20]).join('');
    const slug = `artikel-${word}`;
    const renamed = `${slug}-nieuw`;
    const created = await cms('POST', '/api/articles?status=published', {
      data: {
        title: `Gepubliceerd over ${word}`,
        slug,
        summary: 'Een korte samenvatting.',
        body: 'De gepubliceerde tekst.',
        publishDate: '2026-11-02',
        author: 'Redactie',
      },
    });
    expect(created.status).toBe(201);
    const documentId = ((await created.json()) as { data: { documentId: string } }).data.documentId;
    await eventually(async () => expect(await articleSlugs(word)).toEqual([slug]));

    // The editor renames the slug in the draft only (without ?status=draft a PUT publishes at once):
    // Strapi posts entry.update with the draft, whose slug the CMS does not publish.
    const draft = await cms('PUT', `/api/articles/${documentId}?status=draft`, { data: { slug: renamed } });
    expect(draft.status).toBe(200);
    await eventually(async () =>
      expect(deliveries.filter((d) => d.payload.entry?.slug === renamed).map((d) => d.status)).toContain(200),
    );
    expect(await articleSlugs(word)).toEqual([slug]);

    // Publishing the draft moves the index entry to the new slug.
    const published = await cms('PUT', `/api/articles/${documentId}?status=published`, { data: {} });
    expect(published.status).toBe(200);
    await eventually(async () => expect(await articleSlugs(word)).toEqual([renamed]));
  });

  it('an event naming a document also removes the same slug indexed without a document id', async () => {
    const word = Array.from(randomBytes(8), (b) => 'bcdfghjklmnpqrstvwxz'[b % 20]).join('');
    const slug = `zonder-document-${word}`;
    // A row from a CMS answer that carried no documentId; the CMS has no published article by it.
    await upsertArticle(await getDb(), {
      slug,
      documentId: null,
      title: `Oud artikel ${word}`,
      summary: '',
      body: 'Tekst.',
      publishedAt: '2026-01-05T09:00:00.000Z',
    });
    expect(await articleSlugs(word)).toEqual([slug]);
    expect(await indexArticle(await getDb(), { slug, documentId: `onbekend${word}` })).toBe('removed');
    expect(await articleSlugs(word)).toEqual([]);
  });

  it('refuses a call without the secret and ignores other content types', async () => {
    const body = Buffer.from(
      JSON.stringify({ event: 'entry.publish', model: 'article', entry: { slug: 'x' } }),
    );
    const path = '/web/cms/webhook';
    expect((await handleCmsWebhook({ method: 'POST', path, headers: {}, rawBody: body })).status).toBe(401);
    const wrong = { authorization: 'Bearer nope' };
    expect((await handleCmsWebhook({ method: 'POST', path, headers: wrong, rawBody: body })).status).toBe(
      401,
    );
    const right = { authorization: `Bearer ${config.cmsWebhookSecret()}` };
    const podcast = Buffer.from(
      JSON.stringify({ event: 'entry.publish', model: 'podcast', entry: { slug: 'x' } }),
    );
    expect((await handleCmsWebhook({ method: 'POST', path, headers: right, rawBody: podcast })).body).toEqual(
      {
        ok: true,
        ignored: true,
      },
    );
    const broken = await handleCmsWebhook({
      method: 'POST',
      path,
      headers: right,
      rawBody: Buffer.from('{'),
    });
    expect(broken.status).toBe(400);
    // A slug the CMS does not publish is not indexed (a forged call cannot add text).
    const forged = Buffer.from(
      JSON.stringify({ event: 'entry.publish', model: 'article', entry: { slug: 'bestaat-niet' } }),
    );
    expect((await handleCmsWebhook({ method: 'POST', path, headers: right, rawBody: forged })).body).toEqual({
      ok: true,
      result: 'removed',
    });
  });
});
