/**
 * Test support (not bundled: only *.test.ts import it). The CMS container without Docker: reads
 * cms/Dockerfile, lays out the image's files the way its COPY lines (filtered by cms/.dockerignore)
 * would, runs its RUN steps except the registry install (cms/node_modules stands in for
 * `npm ci --omit=dev`), and starts its CMD with the image's ENV plus what Cloud Run would set.
 * What it cannot prove: the base image, `npm ci` itself, Cloud Build, Cloud Run.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, spawnCms } from './strapi-test-server.ts';

export const cmsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../cms');
// Outside the repo: `strapi build` would find the monorepo's tsconfig.json in a parent folder.
const cacheRoot = path.join(tmpdir(), 'kring-cms-image');

export interface DockerStage {
  from: string;
  env: Record<string, string>;
  copies: { from?: string; sources: string[]; dest: string }[];
  runs: string[];
  cmd?: string[];
}

/** The instructions this Dockerfile uses (FROM, WORKDIR, ENV, COPY, RUN, CMD, EXPOSE, USER). */
export function parseDockerfile(text: string): DockerStage[] {
  const lines = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages: DockerStage[] = [];
  for (const line of lines) {
    const [, op = '', rest = ''] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    const stage = stages.at(-1);
    if (op === 'FROM') {
      stages.push({ from: rest, env: {}, copies: [], runs: [] });
      continue;
    }
    if (!stage) throw new Error(`Dockerfile: ${op} before FROM`);
    if (op === 'ENV') {
      for (const [, k, v] of rest.matchAll(/(\w+)=("[^"]*"|\S+)/g)) stage.env[k!] = v!.replace(/^"|"$/g, '');
    } else if (op === 'COPY') {
      const words = rest.split(/\s+/);
      const flags = words.filter((w) => w.startsWith('--'));
      const paths = words.filter((w) => !w.startsWith('--'));
      const from = flags.find((f) => f.startsWith('--from='))?.slice('--from='.length);
      stage.copies.push({ from, sources: paths.slice(0, -1), dest: paths.at(-1)! });
    } else if (op === 'RUN') {
      stage.runs.push(rest);
    } else if (op === 'CMD') {
      stage.cmd = JSON.parse(rest) as string[];
    } else if (!['WORKDIR', 'EXPOSE', 'USER'].includes(op)) {
      throw new Error(`Dockerfile: instruction ${op} is not understood by this check`);
    }
  }
  return stages;
}

/** Whether .dockerignore (its `*` and `!name` / `!dir/` lines) lets a top-level name into the context. */
export function inBuildContext(dockerignore: string, name: string): boolean {
  let included = true;
  for (const raw of dockerignore.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const negate = line.startsWith('!');
    const pattern = (negate ? line.slice(1) : line).replace(/\/$/, '');
    if (pattern === '*' || pattern === name) included = negate;
  }
  return included;
}

export interface CmsImage {
  dir: string;
  env: Record<string, string>;
  cmd: string[];
  /** Milliseconds the RUN steps took (0 when the layout was cached). */
  buildMs: number;
}

const hashTree = (hash: ReturnType<typeof createHash>, file: string) => {
  if (statSync(file).isDirectory()) {
    for (const entry of readdirSync(file).sort()) hashTree(hash, path.join(file, entry));
  } else {
    hash.update(path.relative(cmsDir, file));
    hash.update(readFileSync(file));
  }
};

/**
 * The image's file tree at the end of the build stage, cached by the content of everything it
 * copies (a change to config, src, the lockfile or the Dockerfile builds again: about 30 s).
 */
export function prepareCmsImage(log: (line: string) => void = () => {}): CmsImage {
  const dockerfile = readFileSync(path.join(cmsDir, 'Dockerfile'), 'utf8');
  const ignore = readFileSync(path.join(cmsDir, '.dockerignore'), 'utf8');
  const stages = parseDockerfile(dockerfile);
  const [build, final] = [stages[0]!, stages.at(-1)!];
  if (!final.cmd) throw new Error('Dockerfile: the final stage has no CMD');

  const sources = build.copies.filter((c) => !c.from).flatMap((c) => c.sources);
  for (const source of sources) {
    if (!existsSync(path.join(cmsDir, source))) throw new Error(`Dockerfile copies ${source}: not in cms/`);
    if (!inBuildContext(ignore, source))
      throw new Error(`Dockerfile copies ${source}: .dockerignore excludes it`);
  }
  const install = build.runs.filter((r) => /^npm (ci|install)\b/.test(r));
  const steps = build.runs.filter((r) => !install.includes(r));
  // The image installs exactly the committed lockfile, without the dev dependencies (better-sqlite3).
  if (!install.some((r) => /^npm ci\b.*--omit=dev/.test(r))) {
    throw new Error('Dockerfile: the build stage must install with `npm ci --omit=dev`');
  }
  const lock = JSON.parse(readFileSync(path.join(cmsDir, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean }>;
  };
  if (lock.packages['node_modules/better-sqlite3']?.dev !== true) {
    throw new Error('cms/package-lock.json: better-sqlite3 must be a dev dependency (not in the image)');
  }

  // The layout links this checkout's cms/node_modules: key it by the checkout too.
  const hash = createHash('sha256').update(cmsDir).update(dockerfile).update(ignore);
  for (const source of sources) hashTree(hash, path.join(cmsDir, source));
  const dir = path.join(cacheRoot, hash.digest('hex').slice(0, 16));
  const image = { dir, env: final.env, cmd: final.cmd };
  if (existsSync(path.join(dir, '.complete'))) return { ...image, buildMs: 0 };

  mkdirSync(cacheRoot, { recursive: true });
  const work = mkdtempSync(path.join(cacheRoot, 'tmp-'));
  for (const source of sources)
    cpSync(path.join(cmsDir, source), path.join(work, source), { recursive: true });
  // Stands in for the install step (the same lockfile, installed by cms/scripts/ensure-install.mjs).
  symlinkSync(path.join(cmsDir, 'node_modules'), path.join(work, 'node_modules'));
  const started = Date.now();
  for (const step of steps) {
    log(`[cms image] RUN ${step}`);
    const res = spawnSync('sh', ['-c', step], {
      cwd: work,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...build.env },
      encoding: 'utf8',
    });
    if (res.status !== 0) {
      rmSync(work, { recursive: true, force: true });
      throw new Error(`Dockerfile step failed: RUN ${step}\n${(res.stdout + res.stderr).slice(-3000)}`);
    }
  }
  writeFileSync(path.join(work, '.complete'), cmsDir);
  rmSync(dir, { recursive: true, force: true });
  renameSync(work, dir);
  // Older layouts of this checkout are stale now (another checkout's are left alone).
  for (const entry of readdirSync(cacheRoot)) {
    const marker = path.join(cacheRoot, entry, '.complete');
    if (
      path.join(cacheRoot, entry) !== dir &&
      existsSync(marker) &&
      readFileSync(marker, 'utf8') === cmsDir
    ) {
      rmSync(path.join(cacheRoot, entry), { recursive: true, force: true });
    }
  }
  return { ...image, buildMs: Date.now() - started };
}

export interface RunningCms {
  url: string;
  output: () => string;
  startMs: number;
  stop: () => Promise<void>;
}

/**
 * Starts the image's CMD as Cloud Run would: the image's ENV, PORT, and the service's settings
 * (`env`); nothing else from this process's environment. Bound to loopback here.
 */
export async function startCmsImage(image: CmsImage, env: Record<string, string>): Promise<RunningCms> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kring-cms-image-'));
  const [program, ...args] = image.cmd;
  const started = Date.now();
  const { child, output, stop } = spawnCms(program === 'node' ? process.execPath : program!, args, {
    cwd: image.dir,
    dataDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...image.env,
      PORT: String(port),
      CMS_HOST: '127.0.0.1',
      CMS_DATA_DIR: dataDir,
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the CMS image exited (${child.exitCode}) before ready:\n${output().slice(-3000)}`);
    }
    const res = await fetch(`${url}/_health`).catch(() => null);
    if (res?.status === 204) return { url, output, startMs: Date.now() - started, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`the CMS image did not answer /_health in 120 s:\n${output().slice(-3000)}`);
}
