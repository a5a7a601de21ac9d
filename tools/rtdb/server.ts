import { readFileSync, type Stats, unwatchFile, watchFile } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { WebSocketServer } from 'ws';
import { type Principal, principalFromCredential } from './auth-token.ts';
import { LongPolling } from './long-poll.ts';
import { Namespace, type WriteStatus } from './namespace.ts';
import { DataFile } from './persistence.ts';
import { applyQuery, queryFromRest } from './query.ts';
import { Rules, RulesError } from './rules.ts';
import { Session } from './session.ts';
import { emptyObject, exportValue, isObject, isValidKey, type Json, parsePath, pushId } from './tree.ts';
import { readEnvelopes, WebSocketTransport } from './websocket-transport.ts';

export const DEFAULT_NAMESPACE = 'demo-kring-default-rtdb';

const NAMESPACE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

export interface RtdbServerOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** database.rules.json; reloaded when it changes. Without it everything is open (like the emulator). */
  rulesPath?: string;
  /** Keeps `{dataDir}/{ns}.json` per namespace across restarts. Without it data lives in memory. */
  dataDir?: string;
  log?: (line: string) => void;
}

export interface RtdbServer {
  port: number;
  url: string;
  close(): Promise<void>;
}

function credentialOf(req: IncomingMessage, params: URLSearchParams): string | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  return params.get('auth') ?? params.get('access_token');
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown, pretty = false): void {
  const text = body === undefined ? '' : JSON.stringify(body, null, pretty ? 2 : undefined);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.end(text);
}

const WRITE_ERRORS: Record<Exclude<WriteStatus, 'ok'>, [number, string]> = {
  permission_denied: [401, 'Permission denied'],
  invalid_data: [400, 'Invalid data'],
  datastale: [412, 'Data changed'],
};

/**
 * A local Firebase Realtime Database: the WebSocket wire protocol the unmodified SDKs speak
 * (firebase web client and firebase-admin), the REST API and security rules.
 */
export async function startRtdbServer(opts: RtdbServerOptions = {}): Promise<RtdbServer> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.log ?? (() => {});
  const rulesPath = opts.rulesPath ? resolve(opts.rulesPath) : null;
  const dataDir = opts.dataDir ? resolve(opts.dataDir) : null;

  let rules = rulesPath ? Rules.parse(readFileSync(rulesPath, 'utf8')) : Rules.open();
  if (!rulesPath) log('rtdb: no rules file given: every read and write is allowed');

  const namespaces = new Map<string, Namespace>();
  const sessions = new Set<Session>();

  const namespace = (name: string): Namespace => {
    let ns = namespaces.get(name);
    if (!ns) {
      const file = dataDir ? new DataFile(join(dataDir, `${name}.json`), log) : null;
      ns = new Namespace(name, () => rules, file);
      namespaces.set(name, ns);
    }
    return ns;
  };

  const applyRules = (next: Rules, origin: string) => {
    rules = next;
    log(`rtdb: rules loaded from ${origin}`);
    for (const session of sessions) session.recheckListens();
  };

  const reloadRules = () => {
    if (!rulesPath) return;
    try {
      applyRules(Rules.parse(readFileSync(rulesPath, 'utf8')), rulesPath);
    } catch (error) {
      log(`rtdb: keeping the previous rules: ${(error as Error).message}`);
    }
  };
  const onRulesFile = (current: Stats, previous: Stats) => {
    if (current.mtimeMs !== previous.mtimeMs || current.size !== previous.size) reloadRules();
  };
  if (rulesPath) watchFile(rulesPath, { interval: 200, persistent: false }, onRulesFile);

  const endSession = (session: Session) => {
    sessions.delete(session);
    session.close();
  };
  const longPolling = new LongPolling(
    {
      opened: (session) => sessions.add(session),
      ended: endSession,
    },
    log,
  );

  const namespaceOf = (params: URLSearchParams): string | null => {
    const name = params.get('ns') ?? DEFAULT_NAMESPACE;
    return NAMESPACE_NAME.test(name) ? name : null;
  };

  const handleRest = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const params = url.searchParams;
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, PUT, PATCH, POST, DELETE, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
    if (req.method === 'OPTIONS') return send(res, 204, undefined);
    const nsName = namespaceOf(params);
    if (url.pathname === '/.lp') {
      const ns = nsName ? namespace(nsName) : null;
      return longPolling.handle(ns, params, req.headers.host ?? `${host}:${address().port}`, res);
    }
    if (!nsName) return send(res, 400, { error: 'Invalid namespace' });
    const principal: Principal | 'invalid' = principalFromCredential(credentialOf(req, params));
    if (principal === 'invalid') return send(res, 401, { error: 'Could not parse auth token.' });
    const pretty = params.get('print') === 'pretty';
    const silent = params.get('print') === 'silent';
    const method = (req.headers['x-http-method-override'] as string | undefined) ?? req.method ?? 'GET';

    if (url.pathname === '/.settings/rules.json') {
      if (!principal.admin) return send(res, 401, { error: 'Permission denied' });
      if (method === 'GET') {
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(rules.source);
        return;
      }
      if (method !== 'PUT') return send(res, 405, { error: 'Method not allowed' });
      try {
        applyRules(Rules.parse(await readBody(req)), 'REST');
      } catch (error) {
        if (error instanceof RulesError) return send(res, 400, { error: error.message });
        throw error;
      }
      return send(res, 200, { status: 'ok' });
    }

    if (!url.pathname.endsWith('.json')) return send(res, 404, { error: 'Use /path.json' });
    let path: string[];
    try {
      path = parsePath(decodeURIComponent(url.pathname.slice(0, -'.json'.length)));
    } catch {
      return send(res, 400, { error: 'Invalid path' });
    }
    if (!path.every(isValidKey)) return send(res, 400, { error: 'Invalid path' });
    const ns = namespace(nsName);

    if (method === 'GET') {
      let query: ReturnType<typeof queryFromRest>;
      try {
        query = queryFromRest(params);
      } catch (error) {
        return send(res, 400, { error: (error as Error).message });
      }
      if (!ns.canRead(principal, path)) return send(res, 401, { error: 'Permission denied' });
      let value: Json = ns.read(path);
      if (query) value = applyQuery(value, query);
      if (params.get('shallow') === 'true' && isObject(value)) {
        const keys = emptyObject();
        for (const key of Object.keys(value)) keys[key] = true;
        value = keys;
      }
      return send(res, 200, exportValue(value), pretty);
    }

    let body: unknown = null;
    if (method === 'PUT' || method === 'PATCH' || method === 'POST') {
      try {
        const text = await readBody(req);
        body = text.trim() === '' ? null : JSON.parse(text);
      } catch {
        return send(res, 400, { error: 'Invalid data; could not parse JSON.' });
      }
    }
    let status: WriteStatus;
    let result: () => unknown;
    switch (method) {
      case 'PUT':
        status = ns.write(principal, { kind: 'set', path, value: body });
        result = () => exportValue(ns.read(path));
        break;
      case 'DELETE':
        status = ns.write(principal, { kind: 'set', path, value: null });
        result = () => null;
        break;
      case 'POST': {
        const name = pushId(Date.now());
        status = ns.write(principal, { kind: 'set', path: [...path, name], value: body });
        result = () => ({ name });
        break;
      }
      case 'PATCH': {
        if (typeof body !== 'object' || body === null || Array.isArray(body)) {
          return send(res, 400, { error: 'PATCH needs a JSON object' });
        }
        const children = body as Record<string, unknown>;
        status = ns.write(principal, { kind: 'merge', path, children });
        result = () => {
          const out: Record<string, unknown> = {};
          for (const key of Object.keys(children))
            out[key] = exportValue(ns.read([...path, ...parsePath(key)]));
          return out;
        };
        break;
      }
      default:
        return send(res, 405, { error: 'Method not allowed' });
    }
    if (status !== 'ok') {
      const [code, message] = WRITE_ERRORS[status];
      return send(res, code, { error: message });
    }
    return silent ? send(res, 204, undefined) : send(res, 200, result(), pretty);
  };

  const http = createServer((req, res) => {
    handleRest(req, res).catch((error: unknown) => {
      log(`rtdb: REST ${req.method} ${req.url} failed: ${(error as Error).stack ?? error}`);
      if (!res.headersSent) send(res, 500, { error: 'Internal error' });
      else res.end();
    });
  });

  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  http.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const nsName = namespaceOf(url.searchParams);
    if (url.pathname !== '/.ws' || !nsName) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('error', (error) => log(`rtdb: socket error: ${error.message}`));
      const upgrading = url.searchParams.get('s');
      if (upgrading !== null) {
        if (!longPolling.upgrade(upgrading, ws)) ws.close();
        return;
      }
      const session = new Session(namespace(nsName), new WebSocketTransport(ws), log);
      sessions.add(session);
      readEnvelopes(ws, (envelope) => session.receive(envelope), log);
      ws.on('close', () => endSession(session));
      session.handshake(req.headers.host ?? `${host}:${address().port}`);
    });
  });

  await new Promise<void>((done, fail) => {
    http.once('error', fail);
    http.listen(opts.port ?? 9000, host, () => {
      http.off('error', fail);
      done();
    });
  });
  const address = () => http.address() as AddressInfo;
  const port = address().port;

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      if (rulesPath) unwatchFile(rulesPath, onRulesFile);
      longPolling.close();
      // Closing every session runs the clients' onDisconnect writes before the final save.
      for (const session of sessions) session.close();
      sessions.clear();
      for (const client of wss.clients) client.terminate();
      wss.close();
      for (const ns of namespaces.values()) ns.flush();
      await new Promise<void>((done) => {
        http.close(() => done());
        http.closeAllConnections();
      });
    })();
    return closing;
  };

  return { port, url: `http://${host}:${port}`, close };
}
