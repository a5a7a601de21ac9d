/**
 * The build a deploy ships, run by firebase.json's predeploy hooks (functions and hosting): firebase-tools
 * sets GCLOUD_PROJECT to the project it deploys to. Builds functions and web for that project and
 * checks what Hosting and the `site` function will serve: the web's settings are the project's
 * (web/.env.<projectId>, web/scripts/web-config.ts), no local or demo value is in them, and the
 * function carries every asset its HTML names. Also by hand: `GCLOUD_PROJECT=<id> npm run build:deploy`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { localValuesIn } from '../tools/deploy/bundle-check.ts';

const root = resolve(import.meta.dirname, '..');
const fail = (message: string): never => {
  console.error(`\n✗ build:deploy: ${message}`);
  process.exit(1);
};

const project = process.env.GCLOUD_PROJECT?.trim();
if (!project)
  fail(
    'GCLOUD_PROJECT is not set. `firebase deploy` sets it; by hand: GCLOUD_PROJECT=<projectId> npm run build:deploy',
  );
if (project?.startsWith('demo-'))
  fail(`"${project}" is the local stack's emulator-only project: deploy to a real project (docs/deploy.md).`);

console.log(`▸ Building functions and web for ${project}`);
const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: process.env });
if (build.status !== 0) fail(`the build failed (exit ${build.status})`);

const webDist = join(root, 'web/dist');
const ssr = join(root, 'functions/dist/ssr');
for (const file of [
  'functions/dist/index.js',
  'functions/dist/ssr/template.html',
  'functions/dist/ssr/entry-server.js',
  // Member pages' modulepreload hints: without the file the site function serves none, silently.
  'functions/dist/ssr/member-hints.json',
  'web/dist/robots.txt',
]) {
  if (!existsSync(join(root, file))) fail(`${file} is missing after the build`);
}
if (existsSync(join(webDist, 'index.html')))
  fail('web/dist/index.html exists: Hosting would serve it for / instead of the site function');
const shipped = new Set(readdirSync(join(ssr, 'client/assets')));
const missing = readdirSync(join(webDist, 'assets')).filter((file) => !shipped.has(file));
if (missing.length) fail(`the site function lacks assets of this build: ${missing.join(', ')}`);
// Member pages' modulepreload hints (functions/src/site/member-hints.ts) name files Hosting serves.
const hosted = new Set(readdirSync(join(webDist, 'assets')));
const hints = JSON.parse(readFileSync(join(ssr, 'member-hints.json'), 'utf8')) as { html: string }[];
const hinted = hints.flatMap((hint) => [...hint.html.matchAll(/href="\/assets\/([^"]+)"/g)].map((m) => m[1]));
const unhosted = hinted.filter((file) => !hosted.has(file ?? ''));
if (!hinted.length || unhosted.length)
  fail(`member-hints.json names no file or files Hosting would not serve: ${unhosted.join(', ')}`);
const local = [
  ...localValuesIn(webDist),
  // The server render's own chunks are not checked: library code there names localhost itself.
  ...localValuesIn(join(ssr, 'client')).map((hit) => ({ ...hit, file: `ssr/client/${hit.file}` })),
];
if (local.length)
  fail(
    `local or demo values in what would be deployed:\n${local.map((h) => `  ${h.file}: ${h.found.join(', ')}`).join('\n')}`,
  );
console.log(`✓ build:deploy: functions/dist and web/dist are built for ${project}`);
