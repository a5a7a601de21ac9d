// `node cms/scripts/start.mjs`: install if needed, then `strapi start` (no build step: the project
// is plain JavaScript and the admin panel is not served). Prints `[cms] ready <url> ...` once the
// health check answers. Env: CMS_PORT (1337), CMS_HOST (127.0.0.1), CMS_DATA_DIR (../.data/cms),
// CMS_API_TOKEN; cms/.env is read by Strapi itself.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { cmsDir, ensureInstall } from './install.mjs';

const started = Date.now();
let node;
try {
  node = ensureInstall();
} catch (err) {
  console.error(`[cms] ${err.message}`);
  process.exit(1);
}

const host = process.env.CMS_HOST || '127.0.0.1';
const port = Number(process.env.CMS_PORT || 1337);
const url = `http://${host}:${port}`;

const cli = path.join(cmsDir, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js');
const exitWithParent = path.join(cmsDir, 'scripts', 'exit-with-parent.cjs');
const child = spawn(node, ['--require', exitWithParent, cli, 'start'], {
  cwd: cmsDir,
  stdio: 'inherit',
  env: {
    ...process.env,
    // No telemetry, no browser (the update check is off in config/server.js): nothing leaves the machine.
    STRAPI_TELEMETRY_DISABLED: 'true',
    BROWSER: 'none',
  },
});

const bootStarted = Date.now();
let exited = false;
child.on('exit', (code, signal) => {
  exited = true;
  if (signal) console.log(`[cms] Strapi stopped (${signal})`);
  process.exit(code ?? (signal ? 0 : 1));
});

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    if (!exited) child.kill(sig);
  });
}

// Strapi answers 204 on /_health once bootstrap (tokens + seed) has run and the server listens.
const deadline = Date.now() + 120_000;
while (!exited && Date.now() < deadline) {
  try {
    const res = await fetch(`${url}/_health`);
    if (res.status === 204 || res.ok) {
      const total = ((Date.now() - started) / 1000).toFixed(1);
      const boot = ((Date.now() - bootStarted) / 1000).toFixed(1);
      console.log(`[cms] ready ${url} (Strapi boot ${boot} s, total ${total} s, pid ${child.pid})`);
      break;
    }
  } catch {
    // not listening yet
  }
  await new Promise((r) => setTimeout(r, 150));
}
if (!exited && Date.now() >= deadline) {
  console.error(`[cms] Strapi did not answer on ${url}/_health within 120 s`);
  child.kill('SIGTERM');
}
