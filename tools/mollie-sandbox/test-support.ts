import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MollieClient } from '@mollie/api-client';
import { afterAll, beforeAll } from 'vitest';
import { type MollieSandbox, startMollieSandbox } from './server.ts';

type CreateMollie = (config: { apiKey: string; apiEndpoint?: string; caCertPath?: string }) => MollieClient;

/**
 * The app's own client factory, so the tests prove it. Loaded by path at run time because the tools
 * and functions TypeScript projects are separate (a static import breaks `tsc -p tools`).
 */
const clientPath = fileURLToPath(
  new URL('../../functions/src/subscription/mollie-client.ts', import.meta.url),
);
export const { createMollie } = (await import(clientPath)) as { createMollie: CreateMollie };

/** A well-formed test key: `test_` and 30 letters or digits. */
export const apiKey = 'test_KringSandboxTestKey00000000000';

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'mollie-sandbox-'));
}

export interface Hit {
  contentType: string | undefined;
  body: string;
  id: string | null;
  at: number;
}

export interface Receiver {
  url: string;
  hits: Hit[];
  /** Statuses to answer with, first come first served; 200 once empty. */
  answers: number[];
  close(): Promise<void>;
}

/** The app's webhook endpoint stand-in: records each POST and answers as told. */
export async function startReceiver(): Promise<Receiver> {
  const hits: Hit[] = [];
  const answers: number[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      hits.push({
        contentType: req.headers['content-type'],
        body,
        id: new URLSearchParams(body).get('id'),
        at: Date.now(),
      });
      res.writeHead(answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/mollie`,
    hits,
    answers,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface TestSandbox {
  sandbox: MollieSandbox;
  mollie: MollieClient;
  dataDir: string;
  logs: string[];
  /** Calls a control endpoint; `T` is the shape of the JSON answer the test reads. */
  control<T>(path: string, body?: object, method?: string): Promise<{ status: number; body: T }>;
}

export async function startTestSandbox(
  dataDir = tempDir(),
  webhookRetryDelaysMs = [50, 100, 150],
): Promise<TestSandbox> {
  const logs: string[] = [];
  const sandbox = await startMollieSandbox({
    port: 0,
    dataDir,
    webhookRetryDelaysMs,
    log: (l) => logs.push(l),
  });
  const mollie = createMollie({ apiKey, apiEndpoint: sandbox.apiUrl, caCertPath: sandbox.caCertPath });
  return {
    sandbox,
    mollie,
    dataDir,
    logs,
    async control<T>(path: string, body?: object, method = body === undefined ? 'GET' : 'POST') {
      const response = await fetch(`${sandbox.controlUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as T };
    },
  };
}

/**
 * For a test file: starts a sandbox and a webhook receiver before its tests, hands both to `use`
 * (the file keeps them in its own variables), and closes both after its tests.
 */
export function withSandboxAndReceiver(use: (t: TestSandbox, receiver: Receiver) => void): void {
  let started: [TestSandbox, Receiver] | undefined;
  beforeAll(async () => {
    started = [await startTestSandbox(), await startReceiver()];
    use(...started);
  });
  afterAll(async () => {
    await started?.[0].sandbox.close();
    await started?.[1].close();
  });
}

type Falsy = undefined | null | false;

/** Polls until `probe` (sync or async) gives a truthy value, and returns that value. */
export async function waitFor<T>(probe: () => T | Falsy | Promise<T | Falsy>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** What a browser does with the checkout form: a form post, redirects not followed. */
export function submitCheckout(href: string, status: string): Promise<Response> {
  return fetch(href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ status }).toString(),
    redirect: 'manual',
  });
}
