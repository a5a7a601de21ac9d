import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { config } from '../lib/config.ts';
import { type Db, getDb } from '../lib/db.ts';
import { logs } from '../lib/logs.ts';
import { indexArticle } from '../search/kennisbank.ts';
import type { HttpRequest, HttpResponse } from './types.ts';

/**
 * `POST /web/cms/webhook`: Strapi says an entry changed (docs/search.md). Only the shared secret in
 * `Authorization: Bearer …` gets in; only kennisbank articles are acted on, and the published article
 * is re-read from the CMS by the entry's Strapi 5 documentId (search/kennisbank.ts): an
 * event about a draft names the document too, so a draft never changes what search shows.
 */
const event = z.object({
  event: z.string(),
  model: z.string().optional(),
  entry: z
    .object({ slug: z.string().max(200).nullish(), documentId: z.string().max(100).nullish() })
    .passthrough()
    .nullish(),
});

const reply = (status: number, body: unknown): HttpResponse => ({
  status,
  headers: { 'cache-control': 'no-store' },
  body,
});

function authorized(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  const given = Buffer.from(value ?? '');
  const expected = Buffer.from(`Bearer ${config.cmsWebhookSecret()}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function handleCmsWebhook(req: HttpRequest, deps: { db?: Db } = {}): Promise<HttpResponse> {
  if (req.method !== 'POST')
    return { ...reply(405, { error: { code: 'METHOD_NOT_ALLOWED' } }), headers: { allow: 'POST' } };
  if (!authorized(req.headers.authorization)) return reply(401, { error: { code: 'UNAUTHENTICATED' } });
  let body: unknown;
  try {
    body = JSON.parse(req.rawBody?.toString('utf8') ?? JSON.stringify(req.body ?? null));
  } catch {
    return reply(400, { error: { code: 'VALIDATION' } });
  }
  const parsed = event.safeParse(body);
  if (!parsed.success) return reply(400, { error: { code: 'VALIDATION' } });
  const { model, entry } = parsed.data;
  if (model !== 'article' || !entry || (!entry.slug && !entry.documentId))
    return reply(200, { ok: true, ignored: true });
  try {
    const result = await indexArticle(deps.db ?? (await getDb()), {
      slug: entry.slug,
      documentId: entry.documentId,
    });
    return reply(200, { ok: true, result });
  } catch (error) {
    // Strapi logs the failed delivery; `npx tsx scripts/reindex-kennisbank.ts` catches up.
    logs.error('kennisbank webhook failed', {
      error,
      event: parsed.data.event,
      documentId: entry.documentId,
      slug: entry.slug,
    });
    return reply(503, { error: { code: 'UNAVAILABLE' } });
  }
}
