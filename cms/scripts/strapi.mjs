// Run any Strapi CLI command on the Node that can load better-sqlite3 (see install.mjs):
// `npm run strapi -- build`, `npm run strapi -- console`, ...
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { cmsDir, ensureInstall } from './install.mjs';

const node = ensureInstall();
const cli = path.join(cmsDir, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js');
const preloads = ['js-project.cjs', 'exit-with-parent.cjs'].flatMap((f) => ['--require', path.join(cmsDir, 'scripts', f)]);
const res = spawnSync(node, [...preloads, cli, ...process.argv.slice(2)], {
  cwd: cmsDir,
  stdio: 'inherit',
  env: { ...process.env, STRAPI_TELEMETRY_DISABLED: 'true', BROWSER: 'none' },
});
process.exit(res.status ?? 1);
