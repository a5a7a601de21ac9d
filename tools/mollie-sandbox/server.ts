import { readFileSync } from 'node:fs';
import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { type ApiResult, handleApi } from './api-routes.ts';
import { checkoutPage, finishedPage, notFoundPage } from './checkout-page.ts';
import { Faults, handleControl } from './control.ts';
import { isLoopbackAddress, isLoopbackHost, parseBody, readBody, sendJson, sendText } from './http-util.ts';
import { type Bases, presentCustomer, presentPayment, presentSubscription } from './present.ts';
import { Sandbox } from './sandbox.ts';
import { isFinalPaymentStatus, type Json, type JsonObject, Store } from './store.ts';
import { ensureTls } from './tls.ts';
import { MollieError, statusTitle } from './validate.ts';
import { defaultRetryDelaysMs, WebhookDispatcher } from './webhooks.ts';

export interface MollieSandboxOptions {
  /** A loopback address or `localhost`; default 127.0.0.1. */
  host?: string;
  /** HTTPS port of the API (`/v2/`); default 8444, 0 = ephemeral. */
  port?: number;
  /** Plain-HTTP port for the checkout page and controls; default 8445, or ephemeral when `port` is 0. */
  checkoutHttpPort?: number;
  /** Holds state.json and tls/ (the CA is made once and reused). */
  dataDir: string;
  /** Delays between webhook attempts; attempts = length + 1. */
  webhookRetryDelaysMs?: number[];
  log?: (line: string) => void;
  /** Base of the links a payer's browser follows (checkout, dashboard, docs); default the HTTP server. */
  publicCheckoutBaseUrl?: string;
}

export interface MollieSandbox {
  /** `https://127.0.0.1:PORT/v2/` — pass as the Mollie client's `apiEndpoint`. */
  apiUrl: string;
  /** Base of the payer-facing pages: checkout at `${checkoutBaseUrl}checkout/tr_...`. */
  checkoutBaseUrl: string;
  /** The sandbox CA; trust it (and only it) in the client. */
  caCertPath: string;
  /** `http://127.0.0.1:PORT/_sandbox/` */
  controlUrl: string;
  close(): Promise<void>;
}

/** Idempotency keys are remembered this long, as at Mollie. */
const idempotencyTtlMs = 24 * 60 * 60 * 1000;

/** Test-mode API keys look like Mollie's: `test_` and 30 letters or digits. */
const apiKeyPattern = /^test_[A-Za-z0-9]{30}$/;

export async function startMollieSandbox(opts: MollieSandboxOptions): Promise<MollieSandbox> {
  const host = opts.host ?? '127.0.0.1';
  if (!isLoopbackHost(host)) throw new Error(`mollie-sandbox only listens on loopback, not on ${host}`);
  const port = opts.port ?? 8444;
  const webPort = opts.checkoutHttpPort ?? (port === 0 ? 0 : 8445);
  const log = opts.log ?? (() => {});

  const tls = await ensureTls(opts.dataDir);
  const store = new Store(opts.dataDir);
  const dispatcher = new WebhookDispatcher(store, opts.webhookRetryDelaysMs ?? defaultRetryDelaysMs, log);
  const sandbox = new Sandbox(store, (payment) => dispatcher.deliver(payment));
  const faults = new Faults();
  const bases: Bases = { api: '', web: '' };
  const reset = () => {
    dispatcher.cancelAll();
    faults.clear();
    sandbox.reset();
    log('state reset');
  };

  const handle = (kind: 'api' | 'web') => (req: IncomingMessage, res: ServerResponse) => {
    route(kind, req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (error instanceof MollieError) return sendError(res, bases, error);
      log(
        `internal error on ${req.method} ${req.url}: ${error instanceof Error ? error.stack : String(error)}`,
      );
      sendError(res, bases, new MollieError(500, 'The sandbox hit an internal error.'));
    });
  };

  async function route(kind: 'api' | 'web', req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const method = req.method ?? 'GET';
    const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);

    if (segments[0] === 'v2') {
      if (kind === 'web') {
        return sendError(
          res,
          bases,
          new MollieError(404, `The API is served over HTTPS only, at ${bases.api}`),
        );
      }
      return serveApi(req, res, method, segments.slice(1), url);
    }
    if (segments[0] === '_sandbox') {
      if (!isLoopbackAddress(req.socket.remoteAddress)) {
        return sendError(res, bases, new MollieError(403, 'Sandbox controls answer loopback callers only.'));
      }
      const body = parseBody(await readBody(req), req.headers['content-type']);
      const result = await handleControl(
        { sandbox, bases, dispatcher, faults, reset },
        method,
        segments.slice(1),
        url.searchParams,
        body,
      );
      log(`control ${method} ${url.pathname} -> ${result.status}`);
      return sendJson(res, result.status, result.body);
    }
    if (segments[0] === 'checkout' && segments.length === 2) {
      return serveCheckout(req, res, method, segments[1]!);
    }
    if (segments[0] === 'dashboard' && segments.length === 3 && method === 'GET') {
      return serveDashboard(res, segments[1]!, segments[2]!);
    }
    if (segments[0] === 'docs' && method === 'GET') {
      return sendText(res, 200, 'text/plain', readme());
    }
    if (segments.length === 0 && method === 'GET') {
      return sendText(
        res,
        200,
        'text/plain',
        `Mollie sandbox\nAPI: ${bases.api}\nControls: ${bases.web}_sandbox/\nDocs: ${bases.web}docs\n`,
      );
    }
    return sendError(res, bases, new MollieError(404, `Nothing here: ${method} ${url.pathname}`));
  }

  async function serveApi(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    segments: string[],
    url: URL,
  ): Promise<void> {
    const started = Date.now();
    const text = await readBody(req);
    const fault = faults.take(method);
    const faultError = fault
      ? new MollieError(
          fault.status,
          `Injected by the sandbox (${fault.mode} processing; ${fault.remaining} more to come).`,
        )
      : null;
    const faultHeaders: Record<string, string> =
      fault?.retryAfterSeconds != null ? { 'retry-after': String(fault.retryAfterSeconds) } : {};
    const finish = (status: number, body: Json | undefined, headers: Record<string, string> = {}) => {
      log(`${method} /v2/${segments.join('/')} -> ${status} (${Date.now() - started} ms)`);
      sendJson(res, status, body, headers);
    };
    if (fault?.mode === 'before') {
      return finish(fault.status, errorBody(bases, faultError!), faultHeaders);
    }

    let result: ApiResult;
    let replayed = false;
    try {
      const apiKey = bearer(req.headers.authorization);
      const idempotencyKey = header(req, 'idempotency-key');
      const slot =
        idempotencyKey && (method === 'POST' || method === 'PATCH' || method === 'DELETE')
          ? `${apiKey}\n${idempotencyKey}`
          : null;
      const fingerprint = `${method} ${url.pathname}${url.search}\n${text}`;
      const previous = slot ? store.state.idempotency[slot] : undefined;
      if (previous && Date.now() - previous.storedAt < idempotencyTtlMs) {
        if (previous.fingerprint !== fingerprint) {
          throw new MollieError(422, 'This Idempotency-Key was already used for a different request.');
        }
        result = {
          status: previous.status,
          body: previous.body === '' ? undefined : (JSON.parse(previous.body) as Json),
        };
        replayed = true;
      } else {
        const body = parseBody(text, req.headers['content-type']);
        result = handleApi(sandbox, bases, { method, segments, query: url.searchParams, body });
        if (slot) rememberIdempotent(slot, fingerprint, result);
      }
    } catch (error) {
      if (!(error instanceof MollieError)) throw error;
      result = { status: error.status, body: errorBody(bases, error) };
    }

    if (faultError) return finish(faultError.status, errorBody(bases, faultError), faultHeaders);
    return finish(result.status, result.body, replayed ? { 'idempotent-replayed': 'true' } : {});
  }

  function rememberIdempotent(slot: string, fingerprint: string, result: ApiResult): void {
    const now = Date.now();
    for (const [key, record] of Object.entries(store.state.idempotency)) {
      if (now - record.storedAt >= idempotencyTtlMs) delete store.state.idempotency[key];
    }
    store.state.idempotency[slot] = {
      fingerprint,
      status: result.status,
      body: result.body === undefined ? '' : JSON.stringify(result.body),
      storedAt: now,
    };
    store.save();
  }

  async function serveCheckout(req: IncomingMessage, res: ServerResponse, method: string, id: string) {
    const payment = store.state.payments[id];
    if (!payment) return sendText(res, 404, 'text/html', notFoundPage(id));
    if (method === 'GET') return sendText(res, 200, 'text/html', checkoutPage(payment));
    if (method !== 'POST') return sendText(res, 405, 'text/plain', 'Gebruik GET of POST.');
    const form = new URLSearchParams(await readBody(req));
    const status = form.get('status');
    if (!isFinalPaymentStatus(status)) return sendText(res, 400, 'text/plain', 'Onbekende uitkomst.');
    if (payment.status !== 'open' && payment.status !== 'pending') {
      return sendText(res, 409, 'text/html', finishedPage(payment));
    }
    const change = sandbox.setPaymentStatus(id, status);
    // The webhook's first attempt completes before the payer lands back on the site.
    await change.webhook;
    log(`checkout ${id} -> ${status}`);
    // As at Mollie, a payer who cancels goes to cancelUrl when the payment has one.
    const target = status === 'canceled' && payment.cancelUrl ? payment.cancelUrl : payment.redirectUrl;
    if (target) {
      res.writeHead(303, { location: target, 'cache-control': 'no-store' }).end();
      return;
    }
    return sendText(res, 200, 'text/html', finishedPage(payment));
  }

  function serveDashboard(res: ServerResponse, kind: string, id: string) {
    const views: Record<string, () => JsonObject> = {
      payments: () => presentPayment(bases, sandbox.getPayment(id)),
      customers: () => presentCustomer(sandbox, bases, sandbox.getCustomer(id)),
      subscriptions: () => presentSubscription(sandbox, bases, sandbox.findSubscription(id)),
    };
    const view = views[kind];
    if (!view) throw new MollieError(404, `No dashboard for ${kind}.`);
    const body = view();
    return sendText(res, 200, 'application/json', `${JSON.stringify(body, null, 2)}\n`);
  }

  const apiServer = https.createServer({ key: tls.key, cert: tls.cert }, handle('api'));
  const webServer = http.createServer(handle('web'));
  const apiPort = await listen(apiServer, port, host);
  let actualWebPort: number;
  try {
    actualWebPort = await listen(webServer, webPort, host);
  } catch (error) {
    await closeServer(apiServer);
    throw error;
  }

  const urlHost = host.includes(':') ? `[${host}]` : host;
  bases.api = `https://${urlHost}:${apiPort}/v2/`;
  const webBase = `http://${urlHost}:${actualWebPort}/`;
  bases.web = withSlash(opts.publicCheckoutBaseUrl ?? webBase);

  dispatcher.resume();
  const sweeper = setInterval(() => sandbox.expireDue(), 1000);
  sweeper.unref();

  let closed: Promise<void> | null = null;
  return {
    apiUrl: bases.api,
    checkoutBaseUrl: bases.web,
    caCertPath: tls.caCertPath,
    controlUrl: `${webBase}_sandbox/`,
    close() {
      closed ??= (async () => {
        clearInterval(sweeper);
        dispatcher.close();
        await Promise.all([closeServer(apiServer), closeServer(webServer)]);
        store.save();
      })();
      return closed;
    },
  };
}

function errorBody(bases: Bases, error: MollieError): JsonObject {
  const body: JsonObject = { status: error.status, title: statusTitle(error.status), detail: error.detail };
  if (error.field !== undefined) body.field = error.field;
  body._links = { documentation: { href: `${bases.web}docs#errors`, type: 'text/html' } };
  return body;
}

function sendError(res: ServerResponse, bases: Bases, error: MollieError): void {
  sendJson(res, error.status, errorBody(bases, error));
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function bearer(authorization: string | undefined): string {
  const key = authorization?.match(/^Bearer\s+(\S+)$/)?.[1];
  if (key === undefined) throw new MollieError(401, 'Missing authentication, or failed to authenticate.');
  if (!apiKeyPattern.test(key)) {
    throw new MollieError(
      401,
      'Missing authentication, or failed to authenticate. The sandbox takes test keys: test_ and 30 letters or digits.',
    );
  }
  return key;
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

let readmeText: string | null = null;
function readme(): string {
  readmeText ??= (() => {
    try {
      return readFileSync(new URL('./README.md', import.meta.url), 'utf8');
    } catch {
      return 'Mollie sandbox: see tools/mollie-sandbox/README.md in the repository.';
    }
  })();
  return readmeText;
}
