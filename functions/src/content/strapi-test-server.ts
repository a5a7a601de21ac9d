/**
 * Test support (not bundled: only *.test.ts import it). Starts the real Strapi from cms/ through
 * cms/scripts/start.mjs on a free loopback port with an empty temp data dir, so the bootstrap
 * seeds and creates the read-only token, and stops it afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const cmsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../cms');

export interface StrapiTestServer {
  url: string;
  token: string;
  /** Everything Strapi and the start script printed so far. */
  output: () => string;
  /** Milliseconds from spawn to the ready line. */
  startMs: number;
  pid: number | undefined;
  stop: () => Promise<void>;
}

/** A port that was free a moment ago (the OS picks it; closed again before Strapi binds it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** A CMS process whose output is kept, with a stop that ends it and removes its data dir. */
export interface CmsProcess {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
  /** SIGTERM (SIGKILL after 10 s) unless it has exited, then the data dir removed. */
  stop: () => Promise<void>;
}

/** Spawns a CMS (Strapi from cms/, or the CMS image's CMD) with its output piped and kept. */
export function spawnCms(
  program: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; dataDir: string },
): CmsProcess {
  let log = '';
  const child: ChildProcess = spawn(program, args, {
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: options.env,
  });
  const keep = (chunk: Buffer) => {
    log += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(options.dataDir, { recursive: true, force: true });
  };
  return { child, output: () => log, stop };
}

export async function startStrapi(
  opts: {
    readyTimeoutMs?: number;
    env?: Record<string, string>;
    /** Told the process as soon as it exists (the rehearsal stops it when interrupted before ready). */
    onSpawn?: (child: ChildProcess) => void;
  } = {},
): Promise<StrapiTestServer> {
  if (!existsSync(path.join(cmsDir, 'node_modules', '@strapi', 'strapi'))) {
    throw new Error('cms/ is not installed: run `node cms/scripts/ensure-install.mjs` first (about 3 min)');
  }
  const port = await freePort();
  const dataDir = opts.env?.CMS_DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), 'kring-cms-test-')));
  const token = `kring-test-${randomBytes(24).toString('hex')}`;
  const started = Date.now();
  const { child, output, stop } = spawnCms(process.execPath, [path.join(cmsDir, 'scripts', 'start.mjs')], {
    cwd: cmsDir,
    dataDir,
    env: {
      ...process.env,
      CMS_HOST: '127.0.0.1',
      CMS_PORT: String(port),
      CMS_DATA_DIR: dataDir,
      CMS_API_TOKEN: token,
      CMS_EDITOR_TOKEN: '',
      NODE_ENV: 'development',
      ...opts.env,
    },
  });
  opts.onSpawn?.(child);

  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`Strapi not ready in ${opts.readyTimeoutMs ?? 90_000} ms:\n${output().slice(-3000)}`),
          ),
        opts.readyTimeoutMs ?? 90_000,
      );
      // After spawnCms's own listeners: output() already holds the chunk.
      const onData = () => {
        if (/\[cms\] ready /.test(output())) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`Strapi exited (${code}) before ready:\n${output().slice(-3000)}`));
      });
    });
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    output,
    startMs: Date.now() - started,
    pid: child.pid,
    stop,
  };
}
