import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Role } from '@kring/contract';
import { setRole } from '../../functions/src/accounts/roles.ts';
import type { Db } from '../../functions/src/lib/db.ts';

/**
 * The real Auth emulator from firebase-tools, started as functions/test/global-setup.ts does: its own
 * config on free ports, so it never meets a running dev stack. The router verifies its tokens with
 * firebase-admin exactly as in the tests.
 */

const root = resolve(import.meta.dirname, '../..');
const projectId = 'demo-kring';

const freePort = () =>
  new Promise<number>((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

export interface AuthEmulator {
  host: string;
  close(): Promise<void>;
}

export async function startAuthEmulator(): Promise<AuthEmulator> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'kring-bench-auth-'));
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

async function authCall(host: string, path: string, body: unknown) {
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/${path}?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`Auth emulator ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { idToken: string; localId: string };
}

/**
 * A member: an emulator user with the Member claim and a stored account row (setRole writes both).
 * The token comes from a sign-in after the claim was set, so it carries the role.
 */
export async function createMemberUser(db: Db, host: string): Promise<{ uid: string; token: string }> {
  const email = `bench-${Date.now()}@kring.test`;
  const password = 'bench-wachtwoord-1';
  const { localId } = await authCall(host, 'accounts:signUp', { email, password, returnSecureToken: true });
  await setRole(db, localId, Role.Member);
  const { idToken } = await authCall(host, 'accounts:signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  return { uid: localId, token: idToken };
}
