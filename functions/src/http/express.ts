import type { Request, Response } from 'express';
import { logs } from '../lib/logs.ts';
import { handleApiRequest } from './router.ts';
import type { HttpRequest, HttpResponse } from './types.ts';

type Extra = (req: HttpRequest & { query: string }) => Promise<HttpResponse | null>;
const extraHandlers: Extra[] = [];

/** Lets other areas (the content proxy) answer paths the API router does not own. */
export const addHttpHandler = (handler: Extra) => {
  extraHandlers.push(handler);
};

/** Adapts the Cloud Functions (express) request to the framework-free router. */
export async function handleHttp(req: Request & { rawBody?: Buffer }, res: Response): Promise<void> {
  const path = req.path;
  const queryIndex = req.originalUrl.indexOf('?');
  const request = {
    method: req.method,
    path,
    headers: req.headers,
    body: req.body,
    ...(req.rawBody ? { rawBody: req.rawBody } : {}),
    query: queryIndex >= 0 ? req.originalUrl.slice(queryIndex + 1) : '',
  };
  try {
    let response: HttpResponse | null = null;
    for (const handler of extraHandlers) {
      response = await handler(request);
      if (response) break;
    }
    response ??= await handleApiRequest(request);
    res.status(response.status).set(response.headers).send(JSON.stringify(response.body));
  } catch (error) {
    logs.error('http adapter failed', { error, path });
    res.status(500).json({ error: { code: 'INTERNAL' } });
  }
}
