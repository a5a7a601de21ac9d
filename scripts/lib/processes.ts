import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';

/** Child processes of the local stack, each in its own process group so one Ctrl-C stops each once. */
export interface Managed {
  name: string;
  child: ChildProcess;
  /** The signal that lets it shut down cleanly (the Firebase emulators export their data on SIGINT). */
  stopSignal: NodeJS.Signals;
}

const running: Managed[] = [];

export function start(
  name: string,
  command: string,
  args: string[],
  opts: {
    cwd: string;
    env: NodeJS.ProcessEnv;
    stopSignal?: NodeJS.Signals;
    onLine?: (line: string) => void;
    quiet?: boolean;
  },
): Managed {
  const child = spawn(command, args, {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const managed = { name, child, stopSignal: opts.stopSignal ?? 'SIGTERM' };
  running.push(managed);
  let pending = '';
  const onData = (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      opts.onLine?.(line);
      if (!opts.quiet && line.trim()) process.stdout.write(`  [${name}] ${line}\n`);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  return managed;
}

/** Resolves when a line matches, rejects when the process exits first or time runs out. */
export function waitForLine(
  managed: Managed,
  pattern: RegExp,
  timeoutMs: number,
  lines: string[],
): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${managed.name} was not ready after ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    const check = () => {
      if (lines.some((l) => pattern.test(l))) {
        clearTimeout(timer);
        clearInterval(poll);
        resolve();
      }
    };
    const poll = setInterval(check, 100);
    managed.child.once('exit', (code) => {
      clearTimeout(timer);
      clearInterval(poll);
      // A one-shot step (a build) may print its line and exit between two polls.
      if (lines.some((l) => pattern.test(l))) return resolve();
      reject(
        new Error(`${managed.name} exited (${code}) before it was ready:\n${lines.slice(-30).join('\n')}`),
      );
    });
  });
}

export const portInUse = (port: number, host = '127.0.0.1') =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Stops every child (its whole group), cleanly first, then by force after `graceMs`. */
export async function stopAll(graceMs = 15_000): Promise<void> {
  await Promise.all(
    running.splice(0).map(async ({ child, stopSignal }) => {
      if (child.exitCode !== null || child.pid === undefined) return;
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid, stopSignal);
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }, graceMs);
      await exited;
      clearTimeout(timer);
    }),
  );
}
