// Install-if-needed for cms/ and the choice of the Node binary that runs Strapi.
//
// Why the Node choice: better-sqlite3 is a native module compiled from source against the Node
// headers that exist on the machine (npm's `nodedir`, here /usr/include/node = the system Node 20).
// The repo's npm scripts run on the `node@22` package, which ships no headers, so Strapi must run
// on a Node whose ABI matches the compiled module. We pick the first Node that can load it.

import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const cmsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nodeModules = path.join(cmsDir, 'node_modules');
const stampFile = path.join(nodeModules, '.kring-install.json');

const log = (msg) => console.log(`[cms] ${msg}`);

/** Hash of what decides the installed tree: package.json + package-lock.json. */
function manifestHash() {
  const h = createHash('sha256');
  for (const name of ['package.json', 'package-lock.json']) {
    const file = path.join(cmsDir, name);
    h.update(name);
    h.update(existsSync(file) ? readFileSync(file) : '');
  }
  return h.digest('hex');
}

function readStamp() {
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return null;
  }
}

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Every distinct Node binary we can see: this process, PATH entries, the usual system places. */
export function nodeCandidates() {
  const seen = new Set();
  const out = [];
  const add = (file) => {
    if (!file || !isExecutable(file)) return;
    const real = realpathSync(file);
    if (seen.has(real)) return;
    seen.add(real);
    out.push(file);
  };
  if (process.env.CMS_NODE) add(process.env.CMS_NODE);
  add(process.execPath);
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) if (dir) add(path.join(dir, 'node'));
  add('/usr/bin/node');
  add('/usr/local/bin/node');
  return out;
}

/** The nodedir (prefix with include/node) that belongs to a Node binary, if its headers are installed. */
function headersDirFor(nodeBin) {
  const prefix = path.resolve(path.dirname(realpathSync(nodeBin)), '..');
  return existsSync(path.join(prefix, 'include', 'node', 'node_version.h')) ? prefix : null;
}

function canLoadSqlite(nodeBin) {
  const probe = "const D = require('better-sqlite3'); new D(':memory:').close();";
  return spawnSync(nodeBin, ['-e', probe], { cwd: cmsDir, stdio: 'ignore' }).status === 0;
}

function npm(args, env) {
  const started = Date.now();
  log(`npm ${args.join(' ')} (in cms/) ...`);
  const res = spawnSync('npm', args, { cwd: cmsDir, stdio: 'inherit', env });
  if (res.status !== 0) throw new Error(`npm ${args.join(' ')} failed in cms/ (exit ${res.status})`);
  log(`npm ${args[0]} done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

function buildEnv() {
  const env = { ...process.env };
  if (!env.npm_config_nodedir) {
    const withHeaders = nodeCandidates().map(headersDirFor).find(Boolean);
    if (withHeaders) env.npm_config_nodedir = withHeaders;
  }
  return env;
}

/**
 * Make sure cms/node_modules matches package.json + package-lock.json and that better-sqlite3 loads.
 * Returns the Node binary to run Strapi with.
 */
export function ensureInstall() {
  const hash = manifestHash();
  const stamp = readStamp();
  const installed = existsSync(path.join(nodeModules, '@strapi', 'strapi', 'package.json'));

  // `npm install`, not `npm ci`: ci fails on the lockfile's non-Linux optional packages.
  if (!installed || stamp?.hash !== hash) {
    log(installed ? 'package files changed: reinstalling' : 'node_modules missing: installing (about 3 min)');
    npm(['install', '--include=dev', '--no-audit', '--no-fund'], buildEnv());
  }

  let runtime = nodeCandidates().find(canLoadSqlite);
  if (!runtime) {
    npm(['rebuild', 'better-sqlite3'], buildEnv());
    runtime = nodeCandidates().find(canLoadSqlite);
  }
  if (!runtime) throw new Error('better-sqlite3 does not load with any Node on this machine (see cms/README.md)');

  // The lockfile may have been rewritten by the install: stamp what is on disk now.
  writeFileSync(stampFile, JSON.stringify({ hash: manifestHash(), node: runtime }, null, 2));
  return runtime;
}
