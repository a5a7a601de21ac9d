import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { clientAddress, handleHttp } from './express.ts';

const req = (headers: Record<string, string>, ip?: string) =>
  ({ headers, ip, socket: { remoteAddress: '10.0.0.9' } }) as unknown as Request;

describe('the per-address limit keys on the caller, not on everyone', () => {
  it("takes Hosting's Fastly-Client-IP, else the socket's address", () => {
    expect(clientAddress(req({ 'fastly-client-ip': '203.0.113.7' }, '10.0.0.1'))).toBe('203.0.113.7');
    expect(clientAddress(req({ 'fastly-client-ip': '2001:db8::1' }))).toBe('2001:db8::1');
    expect(clientAddress(req({}, '198.51.100.4'))).toBe('198.51.100.4');
    expect(clientAddress(req({}))).toBe('10.0.0.9');
  });

  it('ignores a header that is no address (a key cannot be stuffed with text)', () => {
    expect(clientAddress(req({ 'fastly-client-ip': 'x:webhook:ip:*' }, '198.51.100.4'))).toBe('198.51.100.4');
  });
});

describe('the content proxy refuses another method as the API does', () => {
  it('answers 405 METHOD_NOT_ALLOWED with Allow: GET and no-store', async () => {
    const sent: { status?: number; headers: Record<string, string>; body?: string } = { headers: {} };
    const res = {
      status(code: number) {
        sent.status = code;
        return this;
      },
      set(headers: Record<string, string>) {
        Object.assign(sent.headers, headers);
        return this;
      },
      send(body: string) {
        sent.body = body;
      },
    };
    const request = {
      method: 'POST',
      path: '/web/content/pages',
      originalUrl: '/web/content/pages',
      headers: {},
    };
    await handleHttp(request as unknown as Request, res as unknown as Response);
    expect(sent.status).toBe(405);
    expect(sent.headers.allow).toBe('GET');
    expect(sent.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(sent.body!)).toEqual({ error: { code: 'METHOD_NOT_ALLOWED' } });
  });
});
