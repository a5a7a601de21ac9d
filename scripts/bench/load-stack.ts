import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ports, stackConnection, startStack } from '../lib/stack.ts';

/**
 * Where `load.ts --through local-stack` sends its members (issue 26): the local stack as the browser
 * reaches it, http://127.0.0.1:5000/web/… through the Hosting emulator's rewrite to the Functions
 * emulator's `web` function, which uses the stack's PGlite (tools/postgres) and asks the stack's Auth
 * emulator about every caller.
 *
 * Without E2E_BASE_URL a throw-away stack starts on a fresh data folder (as scripts/e2e.ts does; take
 * /tmp/kring-stack.lock around the command) and the demo seed does NOT run: the database has the
 * migrations only, so the benchmark's seed (explicit ids: profiles 1..1,000, posts 1..1,000, topics
 * 1..13) fits as it does on the plain-Node run's fresh schema, and no demo data is touched. With
 * E2E_BASE_URL (a running stack; DATABASE_URL and FIREBASE_AUTH_EMULATOR_HOST default to the stack's
 * ports) the database must have no profiles yet: a stack with the demo data is refused, not changed.
 */
export interface LoadTarget {
  base: string;
  databaseUrl: string;
  authHost: string;
  /** CPU milliseconds (user + system) so far per process of the Firebase emulators' group, if found. */
  emulatorCpu: () => Map<string, number> | null;
  close: () => Promise<void>;
}

export async function localStackTarget(log: (line: string) => void): Promise<LoadTarget> {
  const given = process.env.E2E_BASE_URL;
  if (given) {
    Object.assign(process.env, {
      DATABASE_URL:
        process.env.DATABASE_URL ??
        `postgres://postgres:postgres@127.0.0.1:${ports.postgres}/postgres?sslmode=disable`,
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? `127.0.0.1:${ports.auth}`,
      GCLOUD_PROJECT: process.env.GCLOUD_PROJECT ?? 'demo-kring',
    });
    return target(given.replace(/\/+$/, ''), async () => {});
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'kring-load-'));
  const stack = await startStack({ dataDir, vite: false, watch: false, officialEmulators: false, log });
  Object.assign(process.env, stackConnection(stack.env));
  const close = async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Stopped from outside (Ctrl-C, `timeout`): the stack's processes run in groups of their own.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void close().finally(() => process.exit(130)));
  return target(`http://127.0.0.1:${ports.hosting}`, close);
}

function target(base: string, close: () => Promise<void>): LoadTarget {
  return {
    base,
    databaseUrl: process.env.DATABASE_URL!,
    authHost: process.env.FIREBASE_AUTH_EMULATOR_HOST!,
    emulatorCpu,
    close,
  };
}

/** Fields after the command name of /proc/<pid>/stat: [0] state, [1] ppid, [2] pgrp, [11] utime, [12] stime. */
function statFields(pid: string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * The Firebase CLI process (`firebase emulators:start`: the Hosting proxy, the Functions emulator and
 * the Auth emulator in one Node process) and its function workers share one process group: their CPU
 * in milliseconds (ticks of 10 ms) per pid.
 */
function emulatorCpu(): Map<string, number> | null {
  const pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  const cli = pids.find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('emulators:start');
    } catch {
      return false;
    }
  });
  const group = cli ? statFields(cli)?.[2] : undefined;
  if (!group) return null;
  const ms = new Map<string, number>();
  for (const pid of pids) {
    const fields = statFields(pid);
    if (fields?.[2] === group) ms.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
  }
  return ms;
}

/** CPU used between two readings: processes that started in between count fully, ended ones not. */
export function cpuBetween(before: Map<string, number> | null, after: Map<string, number> | null) {
  if (!before || !after) return null;
  let ms = 0;
  for (const [pid, now] of after) ms += now - (before.get(pid) ?? 0);
  return ms;
}
