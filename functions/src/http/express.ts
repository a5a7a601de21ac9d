import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { proxyContentPath } from '../content/content-proxy.ts';
import { config } from '../lib/config.ts';
import { logs } from '../lib/logs.ts';
import { handleCmsWebhook } from './cms-webhook.ts';
import { errorResponse } from './respond.ts';
import { handleApiRequest } from './router.ts';
import type { HttpResponse } from './types.ts';

const contentPath = /^(?:\/web)?\/content\//;
const cmsWebhookPath = /^(?:\/web)?\/cms\/webhook\/?$/;

/** GET /web/content/{type}[/{slug}]: published CMS content, with the token kept on the server. */
async function handleContent(req: Request, rawQuery: string): Promise<HttpResponse> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return errorResponse('METHOD_NOT_ALLOWED', { headers: { allow: 'GET' } });
  }
  const cms = config.cms();
  return proxyContentPath(
    { path: req.path, rawQuery },
    { cmsUrl: cms.url, cmsToken: cms.token, log: (message, details) => logs.warn(message, { details }) },
  );
}

/**
 * The caller's address: Firebase Hosting (Fastly) puts the client's address in `Fastly-Client-IP`;
 * without it, the socket's. Not proof of anything: Fastly keeps a `Fastly-Client-IP` the client sent
 * unless the service overwrites it (Fastly's docs; Firebase does not say its service does), and a
 * direct call to the function sends whatever it likes. Per-address limits are a courtesy to
 * neighbours; the global caps and the known-item exemptions (router) hold against forgery.
 */
export function clientAddress(req: Pick<Request, 'headers' | 'ip' | 'socket'>): string {
  const fastly = req.headers['fastly-client-ip'];
  const value = Array.isArray(fastly) ? fastly[0] : fastly;
  if (value && /^[0-9a-fA-F:.]{2,45}$/.test(value)) return value;
  return req.ip ?? req.socket?.remoteAddress ?? 'unknown';
}

/**
 * A file answer, chunk by chunk with backpressure (a slow download pauses the export's queries). A
 * failure after the first bytes cannot become an error status any more: the connection is cut, so the
 * browser reports a failed download instead of saving half a file.
 */
async function sendStream(res: Response, chunks: AsyncIterable<string | Uint8Array>, path: string) {
  try {
    await pipeline(Readable.from(chunks), res);
  } catch (error) {
    logs.error('streamed answer failed', { error, path });
    res.destroy();
  }
}

/** Adapts the Cloud Functions (express) request to the framework-free router and the content proxy. */
export async function handleHttp(req: Request & { rawBody?: Buffer }, res: Response): Promise<void> {
  const queryIndex = req.originalUrl.indexOf('?');
  const rawQuery = queryIndex >= 0 ? req.originalUrl.slice(queryIndex + 1) : '';
  try {
    const request = {
      method: req.method,
      path: req.path,
      query: rawQuery,
      headers: req.headers,
      body: req.body,
      ip: clientAddress(req),
      ...(req.rawBody ? { rawBody: req.rawBody } : {}),
    };
    const response = contentPath.test(req.path)
      ? await handleContent(req, rawQuery)
      : cmsWebhookPath.test(req.path)
        ? await handleCmsWebhook(request)
        : await handleApiRequest(request);
    res
      .status(response.status)
      .set({ 'content-type': 'application/json; charset=utf-8', ...response.headers });
    if (response.stream) await sendStream(res, response.stream, req.path);
    else res.send(JSON.stringify(response.body));
  } catch (error) {
    logs.error('http adapter failed', { error, path: req.path });
    res.status(500).json({ error: { code: 'INTERNAL' } });
  }
}
