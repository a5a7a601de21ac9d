// Installs what a fresh clone is missing, and nothing when all is in place. Runs on the host's Node
// (no dependencies), before anything else in `npm run dev` and `npm test`.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const mode = process.argv[2] ?? 'dev';

const run = (cmd, args, opts = {}) => {
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  if (result.status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(' ')} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
  return Date.now() - started;
};

/** A fingerprint of everything that decides what npm installs. */
const fingerprint = (files) => {
  const hash = createHash('sha256');
  for (const f of files)
    hash.update(existsSync(join(root, f)) ? readFileSync(join(root, f)) : `missing:${f}`);
  return hash.digest('hex');
};

const rootFiles = [
  'package.json',
  'package-lock.json',
  '.npmrc',
  ...['contract', 'functions', 'web', 'tools'].map((w) => `${w}/package.json`),
];
const stamp = join(root, 'node_modules/.kring-install');
const wanted = fingerprint(rootFiles);
if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== wanted) {
  // A fresh clone installs exactly the committed lockfile (as CI and Cloud Build do); a changed
  // package.json in a working copy goes through `npm install`, which updates the lockfile.
  const fresh = !existsSync(join(root, 'node_modules'));
  console.log(`▸ Installing npm packages (${fresh ? 'first run: npm ci' : 'package files changed'})…`);
  const ms = run('npm', [fresh ? 'ci' : 'install', '--no-audit', '--no-fund', '--loglevel=error']);
  writeFileSync(stamp, wanted);
  console.log(`  done in ${Math.round(ms / 1000)} s`);
}

// The CMS is installed on its own: Strapi's peer dependencies clash with the web's React 19.
const cmsInstall = join(root, 'cms/scripts/ensure-install.mjs');
if (existsSync(cmsInstall)) run(process.execPath, [cmsInstall]);

// Browser tests drive Debian's Chromium (Playwright cannot download its own browser here).
if (mode === 'test' && !existsSync('/usr/bin/chromium')) {
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('▸ Installing Debian chromium for the browser tests…');
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'chromium'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.error(
      "✗ /usr/bin/chromium is missing: install Debian's chromium package (apt-get install chromium).",
    );
    process.exit(1);
  }
}
