/**
 * The web build's hashed files (`/assets/…`), served by the `site` function from its own bundle
 * (web/vite.config.ts copies them into dist/ssr/client/assets/, apart from the server render's own chunks).
 *
 * Hosting serves a static file when its release has it and only then falls through to the `**`
 * rewrite, so this answers exactly the files the current Hosting release lacks: the HTML this
 * function renders names its own build's assets, and they load whichever of functions and Hosting
 * was deployed last (a `--only functions` or `--only hosting` deploy, the minutes between the two
 * in one deploy, a Hosting rollback). docs/deploy.md, "Why assets cannot go missing".
 */
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Request, Response } from 'express';

/** The same as Hosting's `/assets/**` header: the names are content hashes. */
export const CACHE_ASSET = 'public, max-age=31536000, immutable';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
};

/** One file name, no folder, no dot file, a known type: nothing else is ever read from disk. */
const ASSET_PATH = /^\/assets\/([A-Za-z0-9_-][A-Za-z0-9_.-]*)$/;

const files = new Map<string, Promise<Buffer | undefined>>();

export const isAssetPath = (path: string) => path.startsWith('/assets/');

/** Answers `/assets/<file>` from `dir/client/assets/`: the file with a year's cache, or a 404 never kept. */
export async function serveBuiltAsset(req: Request, res: Response, dir: string): Promise<void> {
  const name = ASSET_PATH.exec(req.path)?.[1];
  const type = name ? TYPES[extname(name)] : undefined;
  let body: Buffer | undefined;
  if (name && type) {
    let file = files.get(name);
    if (!file) {
      file = readFile(join(dir, 'client', 'assets', name)).catch(() => undefined);
      files.set(name, file);
    }
    body = await file;
    if (!body) files.delete(name);
  }
  if (!body || !type) {
    res
      .status(404)
      .set({ 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
      .send('');
    return;
  }
  res.status(200).set({ 'content-type': type, 'cache-control': CACHE_ASSET }).send(body);
}
