import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Json } from './store.ts';
import { MollieError } from './validate.ts';

const maxBodyBytes = 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBodyBytes) throw new MollieError(400, 'The request body is too large.');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** JSON (what the Mollie client sends) or a form post (curl -d, the checkout page). */
export function parseBody(text: string, contentType: string | undefined): Json | undefined {
  if (text.trim() === '') return undefined;
  if (contentType?.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    return JSON.parse(text) as Json;
  } catch {
    throw new MollieError(400, 'The request body is not valid JSON.');
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: Json | undefined,
  headers: Record<string, string> = {},
): void {
  if (body === undefined) {
    res.writeHead(status, headers).end();
    return;
  }
  const text = JSON.stringify(body);
  res
    .writeHead(status, {
      'content-type': 'application/hal+json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      ...headers,
    })
    .end(text);
}

export function sendText(res: ServerResponse, status: number, contentType: string, text: string): void {
  res
    .writeHead(status, {
      'content-type': `${contentType}; charset=utf-8`,
      'content-length': Buffer.byteLength(text),
      'cache-control': 'no-store',
    })
    .end(text);
}

export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || isLoopbackAddress(host);
}
