// The proxy against a tiny real HTTP server standing in for a misbehaving Strapi: the first path
// segment picks the misbehaviour, and /echo reports what the proxy actually sent.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CACHE_ERROR,
  CACHE_NOT_FOUND,
  type ContentProxyConfig,
  proxyContent,
  proxyContentBySlug,
} from './content-proxy.ts';

const article = (slug: string, extra: Record<string, unknown> = {}) => ({
  documentId: `doc-${slug}`,
  slug,
  title: `Titel ${slug}`,
  summary: 'Samenvatting',
  publishDate: '2026-01-01',
  ...extra,
});

const send = (res: ServerResponse, status: number, contentType: string | null, body: string) => {
  if (contentType) res.setHeader('Content-Type', contentType);
  res.statusCode = status;
  res.end(body);
};

/** Every request the stand-in received, newest last. */
const requests: URL[] = [];
const lastQuery = () => [...(requests.at(-1)?.searchParams ?? [])];

function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  requests.push(url);
  const mode = url.pathname.split('/')[1];
  const JSON_TYPE = 'application/json; charset=utf-8';
  switch (mode) {
    case 'echo':
      return send(
        res,
        200,
        JSON_TYPE,
        JSON.stringify({
          data: [],
          meta: { path: url.pathname, query: [...url.searchParams], auth: req.headers.authorization ?? null },
        }),
      );
    case 'empty':
      return send(res, 200, JSON_TYPE, '');
    case 'html':
      return send(res, 200, 'text/html', '<html><body>Bad gateway</body></html>');
    case 'badjson':
      return send(res, 200, JSON_TYPE, '{"data": [');
    case 'nodata':
      return send(res, 200, JSON_TYPE, '{"hello":"world"}');
    case 'status500':
      return send(res, 500, JSON_TYPE, '{"data":null,"error":{"status":500,"name":"InternalServerError"}}');
    case 'status400':
      return send(
        res,
        400,
        JSON_TYPE,
        '{"data":null,"error":{"status":400,"name":"ValidationError","message":"Invalid key foo"}}',
      );
    case 'status404':
      return send(res, 404, JSON_TYPE, '{"data":null,"error":{"status":404,"name":"NotFoundError"}}');
    case 'incomplete':
      // One good entry, one with a null title, one without a slug; single types without required data.
      if (url.pathname.endsWith('/navigation')) {
        return send(res, 200, JSON_TYPE, JSON.stringify({ data: { primary: { home: 'Home' } }, meta: {} }));
      }
      if (url.pathname.endsWith('/site-meta')) {
        return send(res, 200, JSON_TYPE, JSON.stringify({ data: null, meta: {} }));
      }
      {
        const all = [
          article('goed'),
          article('zonder-titel', { title: null }),
          article('x', { slug: undefined }),
        ];
        const slug = url.searchParams.get('filters[slug][$eq]');
        const data = slug === null ? all : all.filter((a) => a.slug === slug);
        return send(
          res,
          200,
          JSON_TYPE,
          JSON.stringify({ data, meta: { pagination: { total: data.length } } }),
        );
      }
    case 'hang':
      return; // never answers
    default:
      return send(res, 404, 'text/plain', 'unknown mode');
  }
}

let server: Server;
let base = '';
const logged: { msg: string; details?: unknown }[] = [];
const cfgFor = (mode: string, extra: Partial<ContentProxyConfig> = {}): ContentProxyConfig => ({
  cmsUrl: `${base}/${mode}`,
  cmsToken: 'test-token',
  log: (msg, details) => logged.push({ msg, details }),
  ...extra,
});

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('content proxy with a broken CMS', () => {
  it.each(['empty', 'html', 'badjson', 'nodata', 'status500', 'status400'])(
    '%s -> 502 INTERNAL, details only in the log',
    async (mode) => {
      logged.length = 0;
      const res = await proxyContent({ contentTypeApiId: 'articles', rawQuery: '' }, cfgFor(mode));
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ error: { code: 'INTERNAL' } });
      expect(res.headers['Cache-Control']).toBe(CACHE_ERROR);
      expect(logged).toHaveLength(1);
      expect(JSON.stringify(res.body)).not.toContain('Invalid key');
    },
  );

  it('a CMS 404 is a 404 NOT_FOUND', async () => {
    const res = await proxyContent({ contentTypeApiId: 'homepage', rawQuery: '' }, cfgFor('status404'));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'NOT_FOUND' } });
    expect(res.headers['Cache-Control']).toBe(CACHE_NOT_FOUND);
  });

  it('a CMS that never answers is a 502 after the timeout', async () => {
    const t0 = Date.now();
    const res = await proxyContent(
      { contentTypeApiId: 'articles', rawQuery: '' },
      cfgFor('hang', { timeoutMs: 300 }),
    );
    expect(res.status).toBe(502);
    expect(Date.now() - t0).toBeLessThan(5_000);
  });

  it('drops list entries missing a required property and logs each', async () => {
    logged.length = 0;
    const res = await proxyContent({ contentTypeApiId: 'articles', rawQuery: '' }, cfgFor('incomplete'));
    expect(res.status).toBe(200);
    expect((res.body as { data: { slug: string }[] }).data.map((a) => a.slug)).toEqual(['goed']);
    expect(logged.map((l) => JSON.stringify(l.details))).toEqual([
      expect.stringContaining('Required property \\"title\\" is null or undefined'),
      expect.stringContaining('Required property \\"slug\\" is null or undefined'),
    ]);
  });

  it('a detail or single type missing a required property is a 404', async () => {
    const detail = await proxyContentBySlug(
      { contentTypeApiId: 'articles', slug: 'goed' },
      cfgFor('incomplete'),
    );
    expect(detail.status).toBe(200);
    logged.length = 0;
    const missingTitle = await proxyContentBySlug(
      { contentTypeApiId: 'articles', slug: 'zonder-titel' },
      cfgFor('incomplete'),
    );
    expect(missingTitle.status).toBe(404);
    expect(missingTitle.body).toEqual({ error: { code: 'NOT_FOUND' } });
    expect(logged[0]?.msg).toContain('Required property "title" is null or undefined');
    const nav = await proxyContent({ contentTypeApiId: 'navigation', rawQuery: '' }, cfgFor('incomplete'));
    expect(nav.status).toBe(404);
    const meta = await proxyContent({ contentTypeApiId: 'site-meta', rawQuery: '' }, cfgFor('incomplete'));
    expect(meta.status).toBe(404);
  });

  it('forwards the token and the query, minus every draft switch', async () => {
    const res = await proxyContent(
      {
        contentTypeApiId: 'articles',
        rawQuery:
          '?sort=publishDate:desc&status=draft&publicationState=preview&status[0]=draft&%73tatus=draft&status%5B%5D=draft&populate=*&pagination[page]=2',
      },
      cfgFor('echo'),
    );
    expect(res.status).toBe(200);
    const meta = (res.body as { meta: { path: string; query: [string, string][]; auth: string } }).meta;
    expect(meta.path).toBe('/echo/api/articles');
    expect(meta.auth).toBe('Bearer test-token');
    expect(meta.query).toEqual([
      ['sort', 'publishDate:desc'],
      ['populate', '*'],
      ['pagination[page]', '2'],
      ['pagination[pageSize]', '100'],
    ]);
  });

  it('by slug: replaces filters, sort and pagination; keeps fields and adds the required ones', async () => {
    const res = await proxyContentBySlug(
      {
        contentTypeApiId: 'events',
        slug: 'borrel',
        rawQuery: 'filters[slug][$eq]=other&sort=title&pagination[pageSize]=99&fields[0]=title&status=draft',
      },
      cfgFor('echo'),
    );
    expect(res.status).toBe(404); // the echo answers an empty list
    expect(lastQuery()).toEqual([
      ['fields[0]', 'title'],
      ['fields[1]', 'slug'],
      ['fields[2]', 'startsAt'],
      ['fields[3]', 'location'],
      ['filters[slug][$eq]', 'borrel'],
      ['pagination[pageSize]', '1'],
    ]);
  });

  it('a comma-separated fields list is normalised and completed', async () => {
    await proxyContent(
      { contentTypeApiId: 'events', rawQuery: 'fields=title,location&populate[0]=x' },
      cfgFor('echo'),
    );
    expect(lastQuery()).toEqual([
      ['populate[0]', 'x'],
      ['pagination[pageSize]', '100'],
      ['fields[0]', 'title'],
      ['fields[1]', 'location'],
      ['fields[2]', 'slug'],
      ['fields[3]', 'startsAt'],
    ]);
  });

  it('caps pagination[pageSize] and pagination[limit]: a huge page never reaches Strapi', async () => {
    for (const [asked, sent] of [
      ['100000', '100'],
      ['-5', '100'],
      ['abc', '100'],
      ['12', '12'],
    ]) {
      await proxyContent(
        {
          contentTypeApiId: 'articles',
          rawQuery: `pagination[pageSize]=${asked}&pagination[limit]=${asked}`,
        },
        cfgFor('echo'),
      );
      expect(lastQuery(), asked).toEqual([
        ['pagination[pageSize]', sent],
        ['pagination[limit]', sent],
      ]);
    }
  });

  it('unknown query parameters do not reach Strapi', async () => {
    await proxyContent(
      {
        contentTypeApiId: 'articles',
        rawQuery:
          'sort=title&plugins[i18n][x]=1&_q=admin&encodeSourceMaps=true&hasPublishedVersion=false&filters[slug][$eq]=a&__proto__[x]=1&locale=nl',
      },
      cfgFor('echo'),
    );
    expect(lastQuery()).toEqual([
      ['sort', 'title'],
      ['filters[slug][$eq]', 'a'],
      ['locale', 'nl'],
      ['pagination[pageSize]', '100'],
    ]);
  });

  it('navigation always populates its components, whatever the caller asked', async () => {
    await proxyContent(
      { contentTypeApiId: 'navigation', rawQuery: 'populate[0]=socials&populate[primary]=true&locale=nl' },
      cfgFor('echo'),
    );
    expect(lastQuery()).toEqual([
      ['locale', 'nl'],
      ['populate', '*'],
    ]);
  });

  it('rejects slugs that cannot be Strapi uids without calling the CMS', async () => {
    const before = requests.length;
    for (const slug of ['', '../admin', 'a b', 'x?status=draft', 'é']) {
      const res = await proxyContentBySlug({ contentTypeApiId: 'articles', slug }, cfgFor('status500'));
      expect(res.status, slug).toBe(404);
    }
    expect(requests.length).toBe(before);
  });
});
