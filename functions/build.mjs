// Bundles the functions (with the workspace contract inlined) into dist/, ready to deploy on nodejs22.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { distLockfile, distPackage, external } from './dist-package.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const watch = process.argv.includes('--watch');

const options = {
  entryPoints: [join(here, 'src/index.ts')],
  outfile: join(here, 'dist/index.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, 'firebase-functions/*', 'firebase-admin/*'],
  // Some CommonJS dependencies call require(); give the ESM bundle one.
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
};

mkdirSync(join(here, 'dist'), { recursive: true });

// Plain settings per project (docs/deploy-settings.md): firebase-tools reads `.env`, `.env.<projectId>`
// and `.env.<alias>` from the functions source, which is dist/. The committed files are the source of
// truth; a copy in dist/ whose source is gone is removed, so a deploy never uses a stale one.
const isEnvFile = (name) => /^\.env(\.[\w-]+)?$/.test(name) && name !== '.env.example';
for (const name of readdirSync(join(here, 'dist')).filter(isEnvFile)) rmSync(join(here, 'dist', name));
for (const name of readdirSync(here).filter(isEnvFile))
  copyFileSync(join(here, name), join(here, 'dist', name));
const readJson = (path) => JSON.parse(readFileSync(join(here, path), 'utf8'));
const pkg = distPackage(readJson('package.json'), readJson('../package.json'));
writeFileSync(join(here, 'dist/package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
// Cloud Build runs `npm ci` on a folder with a lockfile: the versions the workspace's lock pinned and the
// tests ran with, not whatever the registry holds on deploy day (dist-package.mjs).
const rootLock = JSON.parse(readFileSync(join(here, '../package-lock.json'), 'utf8'));
writeFileSync(
  join(here, 'dist/package-lock.json'),
  `${JSON.stringify(distLockfile(rootLock, pkg), null, 2)}\n`,
);

if (watch) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
  console.log('functions: watching for changes');
} else {
  await esbuild.build(options);
  console.log('functions: built dist/index.js');
}
