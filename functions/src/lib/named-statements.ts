import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Named prepared statements, per pooled connection (docs/architecture.md, "Database"): every statement
 * with parameters goes out under a name derived from its SQL text, so PostgreSQL parses and plans it
 * once per connection instead of on every call (about a third less PostgreSQL CPU per call,
 * docs/benchmarks.md). Statements without parameters (BEGIN, COMMIT, migrations' DDL) stay unnamed.
 *
 * - **Bound**: a connection keeps at most `limit` names, least recently used first out (`DEALLOCATE`),
 *   so texts that vary with a list's length (`in ($1, $2, …)`) cannot grow the server's memory.
 * - **Deploy**: after a migration changes a table, a statement prepared before it whose result
 *   columns changed fails with 0A000 "cached plan must not change result type". Outside a transaction
 *   the name is dropped and the statement sent once more, unnamed: the caller sees the right answer.
 *   Inside a transaction the failure has aborted the transaction, so the error goes to the caller as
 *   any failed statement does (the transaction rolls back); the name is dropped after the rollback, so
 *   the next call on that connection prepares the statement anew.
 */

/** Names kept per connection: the benchmark's mix sends 51 distinct texts, the whole functions suite 595 across its files. */
export const namedStatementLimit = 100;

/** A name from the SQL text: stable across instances and connections (64 bits of SHA-1). */
export const statementName = (text: string): string =>
  `k${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;

const isStalePlan = (error: unknown): boolean =>
  (error as { code?: string })?.code === '0A000' &&
  String((error as Error).message).includes('cached plan must not change result type');

type Parsed = { parsedStatements: Record<string, string> };

/** A pg Client that names its statements; give it to a Pool as its `Client` (namingClient). */
class NamingClient extends pg.Client {
  /** Names kept on this connection. */
  protected limit = namedStatementLimit;
  /** SQL text → name of the statements prepared on this connection, least recently used first. */
  readonly named = new Map<string, string>();
  /** Names dropped while the transaction was aborted: deallocated when the connection is idle again. */
  readonly stale = new Set<string>();

  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; only (text, values) is changed.
  override query(...args: any[]): any {
    const [text, values, callback] = args;
    const inAborted = this.getTransactionStatus() === 'E';
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || inAborted)
      return (super.query as (...a: unknown[]) => unknown)(...args);
    // Everything below is queued on the connection now, in call order, as pg queues any query:
    // a caller that issues queries without awaiting each (begin, insert, rollback) keeps its order.
    this.dropStale();
    const name = this.nameFor(text);
    const result = name ? this.queryNamed(text, values, name) : super.query(text, values);
    if (typeof callback !== 'function') return result;
    // pg.Pool#query's form.
    result.then((r) => callback(null, r), callback);
    return undefined;
  }

  private async queryNamed(text: string, values: unknown[], name: string): Promise<pg.QueryResult> {
    const idleBefore = this.getTransactionStatus() === 'I';
    const sent = super.query({ name, text, values });
    try {
      const result = await sent;
      this.named.delete(text);
      this.named.set(text, name);
      return result;
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      // Outside a transaction the failed statement ended its own; inside one, it aborted the caller's.
      this.forget(text, name, idleBefore);
      if (!idleBefore) throw error;
      return super.query(text, values);
    }
  }

  /** The text's name, making room for a new one; none while that name waits to be deallocated. */
  private nameFor(text: string): string | undefined {
    const known = this.named.get(text);
    if (known) return known;
    const name = statementName(text);
    if (this.stale.has(name)) return undefined;
    while (this.named.size >= this.limit) {
      const [oldText, oldName] = this.named.entries().next().value as [string, string];
      this.forget(oldText, oldName, true);
    }
    return name;
  }

  /** Drops a name here and on the server: now (queued), or once the connection is idle again. */
  private forget(text: string, name: string, now: boolean): void {
    this.named.delete(text);
    if (now) {
      this.deallocate(name, text);
      return;
    }
    delete (this as unknown as { connection: Parsed }).connection.parsedStatements[name];
    this.stale.add(name);
  }

  private dropStale(): void {
    if (this.stale.size === 0 || this.getTransactionStatus() !== 'I') return;
    const names = [...this.stale];
    this.stale.clear();
    for (const name of names) this.deallocate(name);
  }

  /**
   * Queues `DEALLOCATE` before the caller's statement. The name stays "parsed" for pg until the
   * DEALLOCATE is sent: a statement queued earlier under that name still binds to it, one queued
   * later parses it anew. Should it fail (a transaction aborted meanwhile), it is tried again when idle.
   */
  private deallocate(name: string, text?: string): void {
    const query = new pg.Query(`DEALLOCATE ${name}`);
    const submit = query.submit.bind(query);
    query.submit = (connection) => {
      delete (connection as unknown as Parsed).parsedStatements[name];
      if (text !== undefined && this.named.get(text) === name) this.named.delete(text);
      return submit(connection);
    };
    query.on('error', (error: Error) => {
      if ((error as { code?: string }).code !== '26000') this.stale.add(name);
    });
    super.query(query);
  }
}

/** The naming Client class for a Pool, keeping at most `max` names per connection. */
export function namingClient(max = namedStatementLimit): typeof pg.Client {
  if (max === namedStatementLimit) return NamingClient;
  return class extends NamingClient {
    protected override limit = max;
  };
}
