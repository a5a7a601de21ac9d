import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { WebSocket } from 'ws';
import type { Namespace } from './namespace.ts';
import { Session, type Transport } from './session.ts';
import { readEnvelopes, WebSocketTransport } from './websocket-transport.ts';

/**
 * The browser SDK's long-polling transport (`/.lp`, JSONP script tags in a hidden iframe) and its
 * upgrade to a WebSocket. A browser uses it first whenever a WebSocket attempt failed before
 * (a `firebase:previous_websocket_failure` flag in localStorage), e.g. after this server was
 * restarted: without it such a browser would never reconnect.
 *
 * Client -> server: polls carry base64 segments `seg{i}/ts{i}/d{i}` of JSON envelopes.
 * Server -> client: `pRTLPCB{cb}(n, [envelopes])` with n counting up from 0, and
 * `pLPCommand{cb}('start', id, pw)` / `('close', n)`; the functions live on the parent window.
 */

const HOLD_MS = 20_000;
const IDLE_MS = 30_000;
const GRACE_MS = 3_000;

const END_TRANSMISSION = { t: 'c', d: { t: 'n', d: {} } };

function isControl(envelope: unknown, type: string): boolean {
  if (typeof envelope !== 'object' || envelope === null) return false;
  const { t, d } = envelope as { t?: unknown; d?: { t?: unknown } };
  return t === 'c' && typeof d === 'object' && d !== null && d.t === type;
}

function decodeSegment(data: string): string {
  // The SDK's web-safe base64 pads with '.'.
  return Buffer.from(data.replace(/\./g, '='), 'base64url').toString('utf8');
}

class LongPollConnection implements Transport {
  readonly id = randomBytes(9).toString('base64url');
  readonly password = randomBytes(9).toString('base64url');
  readonly session: Session;
  private queue: object[] = [];
  private responseNumber = 0;
  private held: ServerResponse | null = null;
  private holdTimer: NodeJS.Timeout | null = null;
  private segments = new Map<number, { total: number; data: string }>();
  private nextSegment = 0;
  private expiresAt = Date.now() + IDLE_MS;
  /** Set once the client has said "end of transmission" here and moved to its WebSocket. */
  private closing = false;
  private secondary: { transport: WebSocketTransport; buffered: unknown[] } | null = null;
  ended = false;

  constructor(
    ns: Namespace,
    private readonly callbackId: string,
    private readonly log: (line: string) => void,
  ) {
    this.session = new Session(ns, this, log);
  }

  private call(name: 'pRTLPCB' | 'pLPCommand', args: unknown[]): string {
    return `(window.parent||window).${name}${this.callbackId}(${args.map((a) => JSON.stringify(a)).join(',')});`;
  }

  /** The reply to the `start=t` request: ids for the polls that follow, and the handshake. */
  startScript(host: string): string {
    this.session.handshake(host);
    const start = this.call('pLPCommand', ['start', this.id, this.password]);
    return start + this.drain();
  }

  private drain(): string {
    let script = '';
    if (this.queue.length > 0) {
      script += this.call('pRTLPCB', [this.responseNumber, this.queue]);
      this.queue = [];
      this.responseNumber++;
    }
    if (this.closing) script += this.call('pLPCommand', ['close', this.responseNumber - 1]);
    return script;
  }

  send(envelope: object): void {
    if (this.closing) return;
    this.queue.push(envelope);
    if (this.held) this.release();
  }

  close(): void {
    this.closing = true;
    if (this.held) this.release();
  }

  private release(): void {
    const res = this.held;
    if (!res) return;
    this.held = null;
    if (this.holdTimer) clearTimeout(this.holdTimer);
    this.holdTimer = null;
    respondScript(res, this.drain());
  }

  /** One poll: take the client's segments, then park the request until there is something to say. */
  poll(params: URLSearchParams, res: ServerResponse): void {
    this.expiresAt = Date.now() + IDLE_MS;
    for (let i = 0; params.has(`seg${i}`); i++) {
      const total = Number(params.get(`ts${i}`));
      this.segments.set(Number(params.get(`seg${i}`)), { total, data: params.get(`d${i}`) ?? '' });
    }
    this.readSegments();
    if (this.held) this.release();
    if (this.closing || this.queue.length > 0) {
      respondScript(res, this.drain());
      if (this.closing) this.ended = true;
      return;
    }
    this.held = res;
    this.holdTimer = setTimeout(() => this.release(), HOLD_MS);
    this.holdTimer.unref();
    res.on('close', () => {
      if (this.held !== res) return;
      // The browser went away (or dropped this poll): give it a moment to send the next one.
      this.held = null;
      if (this.holdTimer) clearTimeout(this.holdTimer);
      this.expiresAt = Math.min(this.expiresAt, Date.now() + GRACE_MS);
    });
  }

  private readSegments(): void {
    for (;;) {
      const first = this.segments.get(this.nextSegment);
      if (!first) return;
      const parts: string[] = [];
      for (let i = 0; i < first.total; i++) {
        const part = this.segments.get(this.nextSegment + i);
        if (!part) return;
        parts.push(part.data);
      }
      for (let i = 0; i < first.total; i++) this.segments.delete(this.nextSegment + i);
      this.nextSegment += first.total;
      let envelope: unknown;
      try {
        envelope = JSON.parse(decodeSegment(parts.join('')));
      } catch {
        this.log('rtdb: long-poll client sent invalid data');
        continue;
      }
      if (isControl(envelope, 'n')) this.finishUpgrade();
      else this.session.receive(envelope);
    }
  }

  isExpired(now: number): boolean {
    return this.held === null && now > this.expiresAt;
  }

  /** True once the session has moved to the WebSocket (it then lives on without this object). */
  get upgraded(): boolean {
    return this.closing;
  }

  /**
   * The client's WebSocket presented this session's id: answer its health pings, and once the
   * client has switched ('a' there, then 'n' here) carry the session over it.
   */
  attachSecondary(socket: WebSocket, onSwitched: () => void, onEnded: () => void): void {
    const transport = new WebSocketTransport(socket);
    const secondary = { transport, buffered: [] as unknown[] };
    this.secondary = secondary;
    let switched = false;
    readEnvelopes(
      socket,
      (envelope) => {
        if (isControl(envelope, 'p')) transport.send({ t: 'c', d: { t: 'o', d: {} } });
        else if (isControl(envelope, 'a')) switched = true;
        else if (this.closing) this.session.receive(envelope);
        else secondary.buffered.push(envelope);
      },
      this.log,
    );
    socket.on('close', () => {
      if (switched && this.closing) onEnded();
      else if (this.secondary === secondary) this.secondary = null;
    });
    this.onSwitched = onSwitched;
    // Starts the client's health check of the new socket (it answers with pings).
    transport.send({ t: 'c', d: { t: 'a', d: {} } });
  }

  private onSwitched: (() => void) | null = null;

  private finishUpgrade(): void {
    const secondary = this.secondary;
    if (!secondary) return;
    this.queue.push(END_TRANSMISSION);
    this.closing = true;
    if (this.held) {
      this.release();
      this.ended = true;
    }
    this.session.replaceTransport(secondary.transport);
    for (const envelope of secondary.buffered.splice(0)) this.session.receive(envelope);
    this.onSwitched?.();
  }

  dispose(): void {
    if (this.held) respondScript(this.held, '');
    this.held = null;
    if (this.holdTimer) clearTimeout(this.holdTimer);
  }
}

function respondScript(res: ServerResponse, script: string): void {
  res.writeHead(200, {
    'Content-Type': 'application/javascript; charset=utf-8',
    'Cache-Control': 'no-cache, no-store',
  });
  res.end(script);
}

/** All long-polling connections of one server. */
export class LongPolling {
  private readonly byId = new Map<string, LongPollConnection>();
  private readonly bySession = new Map<string, LongPollConnection>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly hooks: { opened(session: Session): void; ended(session: Session): void },
    private readonly log: (line: string) => void,
  ) {
    this.sweeper = setInterval(() => this.sweep(), 1000);
    this.sweeper.unref();
  }

  handle(ns: Namespace | null, params: URLSearchParams, host: string, res: ServerResponse): void {
    if (params.get('dframe') === 't') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end('<html><body></body></html>');
      return;
    }
    if (params.get('start') === 't') {
      const callbackId = params.get('cb') ?? '';
      if (!ns || !/^\d*$/.test(callbackId)) {
        res.writeHead(400).end();
        return;
      }
      const connection = new LongPollConnection(ns, callbackId, this.log);
      this.byId.set(connection.id, connection);
      this.bySession.set(connection.session.id, connection);
      this.hooks.opened(connection.session);
      this.log(`rtdb: ${ns.name}: long-polling client connected`);
      respondScript(res, connection.startScript(host));
      return;
    }
    const connection = this.byId.get(params.get('id') ?? '');
    if (!connection || connection.password !== params.get('pw')) {
      // A 404 makes the script tag fail: the SDK drops this transport and reconnects.
      res.writeHead(404).end();
      return;
    }
    connection.poll(params, res);
    if (connection.ended) this.forget(connection);
  }

  /** A WebSocket with `s=<session>`: the upgrade of a long-polling client. False if unknown. */
  upgrade(sessionId: string, socket: WebSocket): boolean {
    const connection = this.bySession.get(sessionId);
    if (!connection) return false;
    connection.attachSecondary(
      socket,
      () => this.log('rtdb: long-polling client moved to its WebSocket'),
      () => this.hooks.ended(connection.session),
    );
    return true;
  }

  private forget(connection: LongPollConnection): void {
    this.byId.delete(connection.id);
    this.bySession.delete(connection.session.id);
  }

  private sweep(): void {
    const now = Date.now();
    for (const connection of this.byId.values()) {
      if (!connection.isExpired(now)) continue;
      this.forget(connection);
      connection.dispose();
      if (!connection.upgraded) this.hooks.ended(connection.session);
    }
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const connection of this.byId.values()) connection.dispose();
    this.byId.clear();
    this.bySession.clear();
  }
}
