import { mkdirSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { prefixStatementNames } from './statement-names.ts';

/**
 * Serves an embedded PGlite database on the Postgres wire protocol, so that functions always talk
 * `pg` to a DATABASE_URL.
 *
 * PGlite has one session. pglite-socket lets several connections share it and interleaves their
 * extended-protocol messages (Parse/Bind/Execute/Sync), which loses writes. Here a connection owns
 * the session from its first message until PGlite answers ReadyForQuery with status idle ('I');
 * other connections wait their turn in order. A client that disconnects while it owns the session
 * gets a Sync and a ROLLBACK on its behalf, so nothing it half-wrote survives.
 *
 * Named prepared statements are per connection on a PostgreSQL server but would be shared in the one
 * session here (two connections preparing the same name collide): statements-names.ts gives every
 * connection's names a prefix of its own, and a closed connection's statements are deallocated.
 */
export interface PostgresServer {
  port: number;
  url: string;
  db: PGlite;
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);
const WAIT_WARNING_MS = 10_000;

interface Connection {
  socket: Socket;
  buffer: Buffer;
  started: boolean;
  queue: Promise<void>;
  /** Prefix of this connection's statement names in the shared session, and the names it prepared. */
  prefix: string;
  statements: Set<string>;
}

/** A FIFO lock over the single PGlite session. */
class SessionLock {
  private owner: Connection | null = null;
  private waiters: { conn: Connection; resolve: () => void }[] = [];

  isOwner(conn: Connection) {
    return this.owner === conn;
  }

  async acquire(conn: Connection, log: (line: string) => void): Promise<void> {
    if (this.owner === conn) return;
    if (this.owner === null) {
      this.owner = conn;
      return;
    }
    const warn = setTimeout(
      () =>
        log(`postgres: a connection has waited ${WAIT_WARNING_MS} ms for the session (open transaction?)`),
      WAIT_WARNING_MS,
    );
    await new Promise<void>((resolve) => this.waiters.push({ conn, resolve }));
    clearTimeout(warn);
  }

  release(conn: Connection) {
    if (this.owner !== conn) return;
    const next = this.waiters.shift();
    this.owner = next?.conn ?? null;
    next?.resolve();
  }

  drop(conn: Connection) {
    this.waiters = this.waiters.filter((w) => w.conn !== conn);
  }
}

/** The status byte of the last ReadyForQuery in a stream of whole backend messages, if any. */
export function lastReadyStatus(out: Buffer): string | null {
  let status: string | null = null;
  let at = 0;
  while (at + 5 <= out.length) {
    const type = out[at];
    const length = out.readInt32BE(at + 1);
    if (type === 0x5a && length === 5 && at + 6 <= out.length) status = String.fromCharCode(out[at + 5]!);
    at += 1 + length;
  }
  return status;
}

/** Splits off the next whole frontend message, or returns null when more bytes are needed. */
function nextMessage(conn: Connection): Buffer | null {
  const buf = conn.buffer;
  if (!conn.started) {
    if (buf.length < 8) return null;
    const length = buf.readInt32BE(0);
    if (buf.length < length) return null;
    conn.buffer = buf.subarray(length);
    return buf.subarray(0, length);
  }
  if (buf.length < 5) return null;
  const length = 1 + buf.readInt32BE(1);
  if (buf.length < length) return null;
  conn.buffer = buf.subarray(length);
  return buf.subarray(0, length);
}

export async function startPostgresServer(opts: {
  dataDir?: string;
  host?: string;
  port?: number;
  log?: (line: string) => void;
}): Promise<PostgresServer> {
  const log = opts.log ?? (() => {});
  const host = opts.host ?? '127.0.0.1';
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  // The contrib extensions the migrations create (search: names and typos, accents), as PostgreSQL
  // servers ship them; PGlite only offers an extension that is loaded here.
  const extensions = { pg_trgm, unaccent };
  const db = await PGlite.create(opts.dataDir ? { dataDir: opts.dataDir, extensions } : { extensions });
  const lock = new SessionLock();
  const sockets = new Set<Socket>();

  const exec = async (message: Buffer): Promise<Buffer> => {
    const chunks: Uint8Array[] = [];
    await db.runExclusive(() =>
      db.execProtocolRawStream(new Uint8Array(message), { onRawData: (data) => chunks.push(data.slice()) }),
    );
    return Buffer.concat(chunks);
  };

  const handle = async (conn: Connection, message: Buffer) => {
    if (!conn.started) {
      const code = message.readInt32BE(4);
      if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
        conn.socket.write('N');
        return;
      }
      if (code === CANCEL_REQUEST) {
        conn.socket.end();
        return;
      }
      if (code !== PROTOCOL_3) {
        conn.socket.destroy();
        return;
      }
      conn.started = true;
    } else if (message[0] === 0x58 /* Terminate */) {
      await abandon(conn);
      conn.socket.end();
      return;
    }
    await lock.acquire(conn, log);
    if (conn.socket.destroyed) {
      await abandon(conn);
      return;
    }
    const out = await exec(prefixStatementNames(message, conn.prefix, conn.statements));
    if (out.length > 0 && conn.socket.writable) conn.socket.write(out);
    if (lastReadyStatus(out) === 'I') lock.release(conn);
  };

  /** Ends whatever the connection left open in the shared session, then frees it. */
  const abandon = async (conn: Connection) => {
    lock.drop(conn);
    if (!lock.isOwner(conn)) return;
    try {
      await exec(SYNC);
      // db.exec takes PGlite's own mutex itself: wrapping it in runExclusive would deadlock.
      if (db.isInTransaction()) await db.exec('ROLLBACK');
    } catch (error) {
      log(`postgres: cleanup after a dropped connection failed: ${String(error)}`);
    }
    lock.release(conn);
  };

  /** Deallocates what a closed connection prepared, once the session is free. */
  const forgetStatements = async (conn: Connection) => {
    if (conn.statements.size === 0) return;
    await lock.acquire(conn, log);
    for (const name of conn.statements) await db.exec(`DEALLOCATE "${name}"`).catch(() => {});
    lock.release(conn);
  };

  let connections = 0;
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    const prefix = `c${++connections}_`;
    const conn: Connection = {
      socket,
      buffer: Buffer.alloc(0),
      started: false,
      queue: Promise.resolve(),
      prefix,
      statements: new Set(),
    };
    socket.on('data', (data) => {
      conn.buffer = Buffer.concat([conn.buffer, data]);
      for (let message = nextMessage(conn); message; message = nextMessage(conn)) {
        const m = message;
        conn.queue = conn.queue
          .then(() => handle(conn, m))
          .catch((error: unknown) => {
            log(`postgres: ${String(error)}`);
            socket.destroy();
          });
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      sockets.delete(socket);
      conn.queue = conn.queue.then(() => abandon(conn)).then(() => forgetStatements(conn));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    db,
    url: `postgres://postgres:postgres@${host}:${port}/postgres?sslmode=disable`,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}
