import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * First-load JavaScript of a page in the production build, from Vite's manifest
 * (web/dist/.vite/manifest.json): the entry and its static imports, the page's chunk and its
 * static imports. Each file gzipped (level 9) on its own,
 * as a browser downloads them. Not counted: the Firebase SDK, which starts after first paint and
 * only matters to someone signing in (lib/auth.tsx).
 */
const dist = join(import.meta.dirname, '../web/dist');
const manifestFile = join(dist, '.vite/manifest.json');

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

export const firstLoadBudgetBytes = 100 * 1024;

/** Chunks every page loads besides the entry and its own (the footer loads when the browser is idle). */
const alwaysLoaded: string[] = [];

export function firstLoad(pageModule: string): { bytes: number; files: { file: string; bytes: number }[] } {
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build the web app first`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('no entry in the manifest');
  if (!manifest[pageModule]) throw new Error(`${pageModule} is not a chunk of the build`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  for (const key of [entry, pageModule, ...alwaysLoaded]) visit(key);
  const files = [...seen].map((key) => {
    const file = manifest[key]?.file ?? key;
    return { file, bytes: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length };
  });
  return {
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    files: files.sort((a, b) => b.bytes - a.bytes),
  };
}
