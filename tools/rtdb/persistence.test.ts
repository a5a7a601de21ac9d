import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { onValue, ref } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { startRtdbServer } from './server.ts';
import { adminClient, median, onCleanup, sleep, watch, webClient, withTimeout } from './test-helpers.ts';

const REPO = resolve(import.meta.dirname, '../..');

describe('persistence', () => {
  it('keeps every namespace across a restart, in complete JSON files', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rtdb-data-'));
    const first = await startRtdbServer({ port: 0, dataDir });
    const admin = adminClient(first.port);
    await admin.ref('notifications/u1').set({ unreadCount: 3 });
    for (let i = 0; i < 50; i++) await admin.ref(`burst/${i}`).set(i);
    await adminClient(first.port, 'second-ns').ref('here').set('too');
    await first.close();

    expect(readdirSync(dataDir).sort()).toEqual(['demo-kring-default-rtdb.json', 'second-ns.json']);
    const saved = JSON.parse(readFileSync(join(dataDir, 'demo-kring-default-rtdb.json'), 'utf8'));
    expect(saved.notifications).toEqual({ u1: { unreadCount: 3 } });
    expect(Object.keys(saved.burst)).toHaveLength(50);

    const second = await startRtdbServer({ port: 0, dataDir });
    onCleanup(() => second.close());
    const { db } = webClient(second.port);
    expect(await watch(ref(db, 'notifications/u1/unreadCount')).next()).toBe(3);
    expect((await adminClient(second.port, 'second-ns').ref('here').get()).val()).toBe('too');
  });
});

interface Cli {
  child: ChildProcess;
  port: number;
  output: string[];
  exited: Promise<number | null>;
}

async function startCli(args: string[]): Promise<Cli> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/rtdb/main.ts', ...args], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  onCleanup(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await exited;
  });
  const ready = new Promise<number>((done, fail) => {
    child.stdout?.setEncoding('utf8');
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => output.push(chunk));
    child.stdout?.on('data', (chunk: string) => {
      output.push(chunk);
      const match = /rtdb: ready on http:\/\/127\.0\.0\.1:(\d+)/.exec(output.join(''));
      if (match) done(Number(match[1]));
    });
    void exited.then((code) => fail(new Error(`main.ts exited with ${code}: ${output.join('')}`)));
  });
  return { child, port: await withTimeout(ready, 20_000, 'main.ts ready line'), output, exited };
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kib / 1024;
}

describe('main.ts', () => {
  it('prints one ready line, serves the SDKs, and saves data on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rtdb-cli-'));
    const cli = await startCli(['--port', '0', '--rules', 'database.rules.json', '--data', dataDir]);
    const admin = adminClient(cli.port);
    const { db } = webClient(cli.port, { mockUser: { sub: 'u1', role: 1 } });
    await admin.ref('notifications/u1/unreadCount').set(-1);

    // The same latency measurement as in-process, now across processes.
    let expected = -1;
    let seen: ((t: number) => void) | null = null;
    const unsubscribe = onValue(ref(db, 'notifications/u1/unreadCount'), (s) => {
      if (s.val() === expected) seen?.(performance.now());
    });
    const latencies: number[] = [];
    for (let i = 0; i < 200; i++) {
      expected = i;
      const arrived = new Promise<number>((done) => {
        seen = done;
      });
      const start = performance.now();
      void admin.ref('notifications/u1/unreadCount').set(i);
      latencies.push((await withTimeout(arrived, 5000, `write ${i}`)) - start);
    }
    unsubscribe();
    const rss = rssMiB(cli.child.pid as number);
    console.log(
      `rtdb main.ts (separate process): admin set -> web onValue median ${median(latencies).toFixed(2)} ms over 200 writes; server RSS ${rss.toFixed(0)} MiB`,
    );

    cli.child.kill('SIGTERM');
    expect(await withTimeout(cli.exited, 10_000, 'exit after SIGTERM')).toBe(0);
    expect(cli.output.join('').match(/ready on/g)).toHaveLength(1);
    const saved = JSON.parse(readFileSync(join(dataDir, 'demo-kring-default-rtdb.json'), 'utf8'));
    expect(saved).toEqual({ notifications: { u1: { unreadCount: 199 } } });
  });

  it('SIGKILL in the middle of a write burst never leaves a truncated file', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rtdb-kill-'));
    const cli = await startCli(['--port', '0', '--data', dataDir, '--quiet']);
    const admin = adminClient(cli.port);
    const big = 'x'.repeat(20_000);
    let stop = false;
    // Not awaited: after the kill the SDK buffers the pending write forever.
    void (async () => {
      for (let i = 0; !stop; i++) await admin.ref(`burst/${i % 200}`).set({ i, big });
    })();
    await sleep(700);
    cli.child.kill('SIGKILL');
    await cli.exited;
    stop = true;
    const file = join(dataDir, 'demo-kring-default-rtdb.json');
    expect(existsSync(file)).toBe(true);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(Object.keys(saved.burst).length).toBeGreaterThan(0);

    // And the next start loads it.
    const restarted = await startRtdbServer({ port: 0, dataDir });
    onCleanup(() => restarted.close());
    const again = (await adminClient(restarted.port).ref('burst/0/big').get()).val() as string;
    expect(again).toHaveLength(20_000);
  });
});
