import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { describe, expect, it, vi } from 'vitest';
import { startRtdbServer } from './server.ts';
import { adminClient, onCleanup, sleep, startServer } from './test-helpers.ts';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

// The page: the firebase@12 browser build, driven from the test through window.rtdbTest.
const ENTRY = `
import { initializeApp } from 'firebase/app';
import { forceLongPolling, get, getDatabase, onDisconnect, onValue, ref, runTransaction, set } from 'firebase/database';
const params = new URLSearchParams(location.search);
if (params.get('lp') === 'only') forceLongPolling();
const app = initializeApp({ projectId: 'demo-kring', databaseURL: params.get('db'), apiKey: 'fake' });
const db = getDatabase(app);
const seen = [];
onValue(ref(db, 'browser/value'), (s) => seen.push(s.val()));
window.rtdbTest = {
  seen,
  set: (path, value) => set(ref(db, path), value),
  get: async (path) => (await get(ref(db, path))).val(),
  increment: async (path) => (await runTransaction(ref(db, path), (n) => (n ?? 0) + 1)).snapshot.val(),
  onDisconnectSet: (path, value) => onDisconnect(ref(db, path)).set(value),
};
`;

async function pageServer(): Promise<string> {
  const bundle = await build({
    stdin: { contents: ENTRY, resolveDir: import.meta.dirname, loader: 'js' },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]?.text ?? '';
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/app.js')) {
      res.writeHead(200, { 'Content-Type': 'application/javascript' });
      res.end(script);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><html><body><script src="/app.js"></script></body></html>');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  onCleanup(
    () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function openPage(pageUrl: string, rtdbPort: number, options: { lp: 'only' | 'first' }): Promise<Page> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  onCleanup(() => browser.close());
  const page = await browser.newPage();
  if (options.lp === 'first') {
    // What the SDK stores after a failed WebSocket attempt: it then starts with long-polling.
    await page.addInitScript(() => localStorage.setItem('firebase:previous_websocket_failure', 'true'));
  }
  const db = encodeURIComponent(`http://127.0.0.1:${rtdbPort}?ns=demo-kring-default-rtdb`);
  await page.goto(`${pageUrl}/?lp=${options.lp}&db=${db}`);
  await page.waitForFunction(() => 'rtdbTest' in globalThis);
  return page;
}

type TestApi = {
  seen: unknown[];
  set(path: string, value: unknown): Promise<void>;
  get(path: string): Promise<unknown>;
  increment(path: string): Promise<number>;
  onDisconnectSet(path: string, value: unknown): Promise<void>;
};
async function waitForSeen(page: Page, value: unknown, timeout = 10_000): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      (globalThis as unknown as { rtdbTest: TestApi }).rtdbTest.seen.some(
        (v) => JSON.stringify(v) === expected,
      ),
    JSON.stringify(value),
    { timeout },
  );
}

// `npm test` installs Chromium; only a bare vitest run on a machine without it skips, never CI.
describe.skipIf(!existsSync(CHROMIUM) && process.env.CI !== 'true')('browser (headless Chromium)', () => {
  it('works over long-polling only: listen, set in several segments, transaction, onDisconnect', async () => {
    const logs: string[] = [];
    const server = await startServer({ log: (line) => logs.push(line) });
    const admin = adminClient(server.port);
    const page = await openPage(await pageServer(), server.port, { lp: 'only' });

    await admin.ref('browser/value').set(1);
    await waitForSeen(page, 1);
    const long = 'ł'.repeat(5000);
    await page.evaluate(
      (text) => (globalThis as unknown as { rtdbTest: TestApi }).rtdbTest.set('browser/long', text),
      long,
    );
    expect((await admin.ref('browser/long').get()).val()).toBe(long);
    const count = await page.evaluate(() =>
      (globalThis as unknown as { rtdbTest: TestApi }).rtdbTest.increment('browser/count'),
    );
    expect(count).toBe(1);
    await page.evaluate(() =>
      (globalThis as unknown as { rtdbTest: TestApi }).rtdbTest.onDisconnectSet(
        'browser/presence',
        'offline',
      ),
    );
    expect(logs.some((line) => line.includes('long-polling client connected'))).toBe(true);
    expect(logs.some((line) => line.includes('moved to its WebSocket'))).toBe(false);

    await page.close();
    let presence: unknown = null;
    for (let i = 0; i < 80 && presence !== 'offline'; i++) {
      await sleep(100);
      presence = (await admin.ref('browser/presence').get()).val();
    }
    expect(presence).toBe('offline');
  });

  it('after a failed WebSocket, starts on long-polling, upgrades, and reconnects after a restart', async () => {
    const logs: string[] = [];
    let server = await startRtdbServer({ port: 0, log: (line) => logs.push(line) });
    const port = server.port;
    onCleanup(() => server.close());
    const admin = adminClient(port);
    const page = await openPage(await pageServer(), port, { lp: 'first' });

    await admin.ref('browser/value').set('first');
    await waitForSeen(page, 'first');
    await page.waitForFunction(() => localStorage.getItem('firebase:previous_websocket_failure') === null);
    // The browser forgets the failure when its socket opens; the server logs the move a moment later.
    await vi.waitFor(() => expect(logs.some((line) => line.includes('moved to its WebSocket'))).toBe(true), {
      timeout: 5_000,
    });
    await page.evaluate(() =>
      (globalThis as unknown as { rtdbTest: TestApi }).rtdbTest.set('browser/after', 'upgrade'),
    );
    expect((await admin.ref('browser/after').get()).val()).toBe('upgrade');

    await server.close();
    // Longer than the SDK's first reconnect delay (at most 1 s), so that attempt fails.
    await sleep(1200);
    server = await startRtdbServer({ port, log: (line) => logs.push(line) });
    await admin.ref('browser/value').set('after restart');
    await waitForSeen(page, 'after restart', 15_000);
    // The reconnect attempt made while the server was down failed, so the browser came back
    // through long-polling and upgraded again.
    const count = (text: string) => logs.filter((line) => line.includes(text)).length;
    expect(count('long-polling client connected')).toBe(2);
    await expect.poll(() => count('moved to its WebSocket')).toBe(2);
  });
});
