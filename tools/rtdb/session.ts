import { randomBytes } from 'node:crypto';
import { ADMIN_TOKEN, authFromToken, type Principal, SIGNED_OUT } from './auth-token.ts';
import type { Change, ChangeListener, Namespace, WriteOp, WriteStatus } from './namespace.ts';
import { applyQuery, filtersData, parseWireQuery, type WireQuery } from './query.ts';
import { type RuleValue, toRuleValue } from './rules-expression.ts';
import { isPrefix, type Json, overlaps, type Path, parsePath, pathToString } from './tree.ts';

/** Carries whole protocol envelopes; framing (splitting, keepalives) is the transport's business. */
export interface Transport {
  send(envelope: object): void;
  close(): void;
}

interface Listen {
  path: Path;
  /** The query object exactly as the client sent it: revocations must echo it. */
  rawQuery?: unknown;
  query?: WireQuery;
  tag?: number;
  lastSent?: string;
}

type Body = Record<string, unknown>;

const DENIED = { s: 'permission_denied', d: 'Permission denied' };

function bodyOf(value: unknown): Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Body) : {};
}

/** What rules see as `query` for a listen (query-based rules). */
function queryRuleValue(query: WireQuery | undefined): RuleValue | undefined {
  if (!query) return undefined;
  const equal = 'sp' in query && 'ep' in query && query.sp === query.ep && query.sin && query.ein;
  const index = query.i;
  return toRuleValue({
    orderByKey: index === '.key',
    orderByValue: index === '.value',
    orderByPriority: index === undefined || index === '.priority',
    orderByChild: index && !index.startsWith('.') ? index : null,
    startAt: !equal && 'sp' in query ? query.sp : null,
    endAt: !equal && 'ep' in query ? query.ep : null,
    equalTo: equal ? query.sp : null,
    limitToFirst: query.vf === 'l' ? query.l : null,
    limitToLast: query.vf === 'r' ? query.l : null,
  });
}

/**
 * One client connection speaking the RTDB wire protocol (v5). All state, including auth, lives
 * here: nothing is shared between connections, so one client can never act with another's auth.
 */
export class Session implements ChangeListener {
  private principal: Principal = SIGNED_OUT;
  private readonly listens = new Map<string, Listen>();
  private disconnectOps: WriteOp[] = [];
  private closed = false;
  /** Sent in the handshake; a long-polling client upgrading to WebSocket presents it as `s`. */
  readonly id = randomBytes(12).toString('base64url');

  constructor(
    private readonly ns: Namespace,
    private transport: Transport,
    private readonly log: (line: string) => void,
  ) {
    ns.listeners.add(this);
  }

  handshake(host: string): void {
    this.transport.send({ t: 'c', d: { t: 'h', d: { ts: Date.now(), v: '5', h: host, s: this.id } } });
  }

  /** After a long-polling client has moved to its WebSocket, everything goes there. */
  replaceTransport(transport: Transport): void {
    this.transport = transport;
  }

  /** One whole incoming envelope `{ t: 'c' | 'd', d }`. */
  receive(envelope: unknown): void {
    const { t, d } = bodyOf(envelope);
    const inner = bodyOf(d);
    if (t === 'c') {
      if (inner.t === 'p') this.transport.send({ t: 'c', d: { t: 'o', d: {} } });
      return;
    }
    if (t !== 'd') return;
    const request = typeof inner.r === 'number' ? inner.r : null;
    const reply = (body: object) => {
      if (request !== null) this.transport.send({ t: 'd', d: { r: request, b: body } });
    };
    try {
      reply(this.handle(String(inner.a), bodyOf(inner.b)));
    } catch (error) {
      this.log(`rtdb: ${this.ns.name}: ${String(inner.a)} failed: ${(error as Error).stack ?? error}`);
      reply({ s: 'internal_error', d: 'Internal error' });
    }
  }

  private handle(action: string, body: Body): object {
    switch (action) {
      case 'q':
        return this.listen(body);
      case 'n':
        this.listens.delete(this.listenKey(body));
        return { s: 'ok', d: '' };
      case 'g':
        return this.get(body);
      case 'p':
      case 'm': {
        const op = this.writeOp(action === 'p' ? 'set' : 'merge', body);
        const hash = typeof body.h === 'string' ? body.h : undefined;
        return this.status(op ? this.ns.write(this.principal, op, hash) : 'invalid_data');
      }
      case 'o':
      case 'om': {
        const op = this.writeOp(action === 'o' ? 'set' : 'merge', body);
        const status = op ? this.ns.check(this.principal, op) : 'invalid_data';
        if (op && status === 'ok') this.disconnectOps.push(op);
        return this.status(status);
      }
      case 'oc': {
        const path = parsePath(String(body.p ?? ''));
        this.disconnectOps = this.disconnectOps.filter((op) => !isPrefix(path, op.path));
        return { s: 'ok', d: '' };
      }
      case 'auth':
        return this.authenticate(body);
      case 'gauth':
        return this.adminAuthenticate(body);
      case 'unauth':
        this.setPrincipal(SIGNED_OUT);
        return { s: 'ok', d: '' };
      case 's':
      case 'appcheck':
      case 'unappeck':
        return { s: 'ok', d: '' };
      case 'echo':
        return { s: 'ok', d: body.d ?? null };
      default:
        return { s: 'invalid_request', d: `unknown action ${action}` };
    }
  }

  private status(status: WriteStatus): object {
    if (status === 'ok') return { s: 'ok', d: '' };
    if (status === 'permission_denied') return DENIED;
    if (status === 'datastale') return { s: 'datastale', d: 'Transaction hash does not match' };
    return { s: 'invalid_data', d: 'Invalid data' };
  }

  private writeOp(kind: 'set' | 'merge', body: Body): WriteOp | null {
    const path = parsePath(String(body.p ?? ''));
    if (kind === 'set') return { kind, path, value: body.d ?? null };
    const children = body.d;
    if (typeof children !== 'object' || children === null || Array.isArray(children)) return null;
    return { kind, path, children: children as Record<string, unknown> };
  }

  private listenKey(body: Body): string {
    return typeof body.t === 'number'
      ? `tag:${body.t}`
      : `path:${pathToString(parsePath(String(body.p ?? '')))}`;
  }

  private valueFor(listen: Listen): Json {
    const value = this.ns.read(listen.path);
    return listen.query && listen.tag !== undefined ? applyQuery(value, listen.query) : value;
  }

  private listen(body: Body): object {
    const path = parsePath(String(body.p ?? ''));
    const listen: Listen = { path };
    if (typeof body.t === 'number') {
      listen.tag = body.t;
      listen.rawQuery = body.q;
      listen.query = parseWireQuery(body.q) ?? {};
    }
    if (!this.ns.canRead(this.principal, path, queryRuleValue(listen.query))) return DENIED;
    const value = this.valueFor(listen);
    listen.lastSent = JSON.stringify(value);
    this.listens.set(this.listenKey(body), listen);
    // Data first: the SDK treats the listen's "ok" as "the view is now complete".
    this.push('d', {
      p: pathToString(path),
      d: value,
      ...(listen.tag !== undefined ? { t: listen.tag } : {}),
    });
    return { s: 'ok', d: {} };
  }

  private get(body: Body): object {
    const path = parsePath(String(body.p ?? ''));
    const query = parseWireQuery(body.q) ?? {};
    if (!this.ns.canRead(this.principal, path, queryRuleValue(filtersData(query) ? query : undefined))) {
      return DENIED;
    }
    return { s: 'ok', d: applyQuery(this.ns.read(path), query) };
  }

  private authenticate(body: Body): object {
    const decoded = typeof body.cred === 'string' ? authFromToken(body.cred) : null;
    if (!decoded) return { s: 'invalid_token', d: 'Could not parse auth token.' };
    this.setPrincipal({ admin: false, auth: decoded.auth });
    return { s: 'ok', d: { auth: decoded.auth, expires: decoded.expires } };
  }

  /** The Admin SDK: `owner`, optionally narrowed by databaseAuthVariableOverride (authvar / noauth). */
  private adminAuthenticate(body: Body): object {
    if (body.cred !== ADMIN_TOKEN)
      return { s: 'invalid_token', d: 'Only the "owner" credential is accepted.' };
    if (body.noauth === true) this.setPrincipal(SIGNED_OUT);
    else if (typeof body.authvar === 'object' && body.authvar !== null) {
      this.setPrincipal({ admin: false, auth: toRuleValue(body.authvar) });
    } else this.setPrincipal({ admin: true });
    return { s: 'ok', d: { auth: null, expires: 0 } };
  }

  private setPrincipal(principal: Principal): void {
    this.principal = principal;
    this.recheckListens();
  }

  /**
   * After auth, rules or data change: listens the client may no longer read are cancelled (rules
   * can depend on data anywhere, e.g. a membership flag).
   */
  recheckListens(): void {
    if (this.principal.admin) return;
    for (const [key, listen] of this.listens) {
      if (this.ns.canRead(this.principal, listen.path, queryRuleValue(listen.query))) continue;
      this.listens.delete(key);
      const revoke: Body = { p: pathToString(listen.path) };
      if (listen.tag !== undefined) revoke.q = [listen.rawQuery];
      this.push('c', revoke);
    }
  }

  onChange(change: Change): void {
    // A failure here must not turn the writer's (already committed) write into an error.
    try {
      this.pushChange(change);
    } catch (error) {
      this.log(`rtdb: ${this.ns.name}: could not send a change: ${(error as Error).stack ?? error}`);
    }
  }

  private pushChange(change: Change): void {
    const written =
      change.kind === 'set' ? [change.path] : change.keys.map((key) => [...change.path, ...key]);
    this.recheckListens();
    const untagged = [...this.listens.values()].filter((listen) => listen.tag === undefined);
    if (untagged.some((listen) => isPrefix(listen.path, change.path))) {
      const p = pathToString(change.path);
      if (change.kind === 'set') this.push('d', { p, d: this.ns.read(change.path) });
      else {
        const d: Record<string, Json> = {};
        for (const key of change.keys) d[pathToString(key)] = this.ns.read([...change.path, ...key]);
        this.push('m', { p, d });
      }
    } else {
      const below = untagged.filter((listen) => written.some((path) => overlaps(path, listen.path)));
      for (const listen of below) {
        if (below.some((other) => other !== listen && isPrefix(other.path, listen.path))) continue;
        this.push('d', { p: pathToString(listen.path), d: this.ns.read(listen.path) });
      }
    }
    for (const listen of this.listens.values()) {
      if (listen.tag === undefined || !written.some((path) => overlaps(path, listen.path))) continue;
      const value = this.valueFor(listen);
      const text = JSON.stringify(value);
      if (text === listen.lastSent) continue;
      listen.lastSent = text;
      this.push('d', { p: pathToString(listen.path), d: value, t: listen.tag });
    }
  }

  private push(action: 'd' | 'm' | 'c', body: Body): void {
    if (!this.closed) this.transport.send({ t: 'd', d: { a: action, b: body } });
  }

  /** The socket is gone: run the client's onDisconnect writes, in the order they were made. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.ns.listeners.delete(this);
    for (const op of this.disconnectOps) {
      const status = this.ns.write({ admin: true }, op);
      if (status !== 'ok')
        this.log(`rtdb: ${this.ns.name}: onDisconnect at /${pathToString(op.path)}: ${status}`);
    }
    this.disconnectOps = [];
  }
}
