import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_ASSET, serveBuiltAsset } from '../../functions/src/site/assets.ts';

// The site function answers /assets/… that Hosting's current release lacks, from its own build.
const dir = mkdtempSync(join(tmpdir(), 'kring-site-assets-'));
let base = '';
let close = () => {};

beforeAll(async () => {
  mkdirSync(join(dir, 'client/assets'), { recursive: true });
  writeFileSync(join(dir, 'entry-server.js'), 'server render');
  writeFileSync(join(dir, 'client/assets', 'Ab12_-cd.js'), 'export const x = 1;\n');
  writeFileSync(join(dir, 'template.html'), '<!doctype html><title>not an asset</title>');
  writeFileSync(join(dir, 'secret.txt'), 'outside assets');
  const app = express();
  app.use((req, res) => void serveBuiltAsset(req, res, dir));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => {
  close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the site function serves its own build’s assets', () => {
  it('a hashed file with the immutable year-long cache and its type', async () => {
    const res = await fetch(`${base}/assets/Ab12_-cd.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe(CACHE_ASSET);
    expect(await res.text()).toBe('export const x = 1;\n');
  });

  it('a file it does not have is a 404 that no cache keeps, not a page', async () => {
    for (const path of [
      '/assets/Zz99.js',
      '/assets/..%2Ftemplate.html',
      '/assets/../secret.txt',
      '/assets/%2e%2e/secret.txt',
      '/assets/.hidden.js',
      '/assets/Ab12_-cd.js.map',
    ]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(await res.text(), path).toBe('');
    }
  });
});
