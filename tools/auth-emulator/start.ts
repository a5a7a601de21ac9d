import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/** A free TCP port on loopback. */
export const freePort = () =>
  new Promise<number>((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

export interface AuthEmulator {
  /** host:port, the form FIREBASE_AUTH_EMULATOR_HOST takes. */
  host: string;
  close(): Promise<void>;
}

/**
 * The real Auth emulator from firebase-tools (tests and benchmarks), with a config of its own on free
 * ports, so it never meets a running `npm run dev`.
 */
export async function startAuthEmulator(projectId = 'demo-kring'): Promise<AuthEmulator> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'kring-auth-'));
  writeFileSync(
    join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        ui: { enabled: false },
        hub: { port: await freePort() },
        logging: { port: await freePort() },
      },
    }),
  );
  const child = spawn(
    join(root, 'node_modules/.bin/firebase'),
    ['emulators:start', '--only', 'auth', '--project', projectId, '--config', join(dir, 'firebase.json')],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FIREBASE_CLI_EXPERIMENTS: '' } },
  );
  let output = '';
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`Auth emulator did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('All emulators ready')) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`Auth emulator exited (${code}):\n${output}`));
    });
  });
  return {
    host: `127.0.0.1:${port}`,
    close: async () => {
      child.removeAllListeners('exit');
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGINT');
      await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
