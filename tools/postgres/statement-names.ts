/**
 * Gives the named prepared statements of one wire connection a prefix of its own (server.ts): in
 * Parse, Bind, Describe and Close messages, and in a simple query `PREPARE name`, `EXECUTE name` and
 * `DEALLOCATE name` (an unquoted name folded to lower case, as PostgreSQL does). The unnamed statement
 * ('') stays as it is: a connection holds the session while it uses it. `DEALLOCATE ALL` is not
 * rewritten (it would drop other connections' statements too): nothing here sends it.
 */
const PARSE = 0x50;
const BIND = 0x42;
const DESCRIBE = 0x44;
const CLOSE = 0x43;
const QUERY = 0x51;
/** Keyword, then the name quoted or not, then the rest of the statement. */
const sqlStatement = /^(\s*(PREPARE|EXECUTE|DEALLOCATE(?:\s+PREPARE)?)\s+)(?:"([^"]+)"|(\w+))(.*)$/is;

const cstringEnd = (message: Buffer, from: number): number => message.indexOf(0, from);

/** The message with the C string at `at` (a statement name) prefixed, if it is not empty. */
function renamed(message: Buffer, at: number, prefix: string): { message: Buffer; name: string } | null {
  const end = cstringEnd(message, at);
  if (end <= at) return null;
  const name = prefix + message.toString('utf8', at, end);
  const out = Buffer.concat([message.subarray(0, at), Buffer.from(name), message.subarray(end)]);
  out.writeInt32BE(out.length - 1, 1);
  return { message: out, name };
}

export function prefixStatementNames(message: Buffer, prefix: string, names: Set<string>): Buffer {
  const type = message[0];
  if (type === PARSE) {
    const r = renamed(message, 5, prefix);
    if (r) names.add(r.name);
    return r?.message ?? message;
  }
  if (type === BIND) return renamed(message, cstringEnd(message, 5) + 1, prefix)?.message ?? message;
  if ((type === DESCRIBE || type === CLOSE) && message[5] === 0x53 /* S */) {
    const r = renamed(message, 6, prefix);
    if (r && type === CLOSE) names.delete(r.name);
    return r?.message ?? message;
  }
  if (type === QUERY) return renamedInSql(message, prefix, names) ?? message;
  return message;
}

/** A simple query naming a prepared statement, with the name prefixed (null: nothing to rename). */
function renamedInSql(message: Buffer, prefix: string, names: Set<string>): Buffer | null {
  const match = sqlStatement.exec(message.toString('utf8', 5, message.length - 1));
  if (!match) return null;
  const [, head = '', keyword = '', quoted, bare, rest = ''] = match;
  // DEALLOCATE ALL, and PREPARE TRANSACTION (two-phase commit), name no statement.
  if (!quoted && /^(ALL|TRANSACTION)$/i.test(bare ?? '')) return null;
  const name = prefix + (quoted ?? bare?.toLowerCase() ?? '');
  if (/^PREPARE$/i.test(keyword)) names.add(name);
  if (/^DEALLOCATE/i.test(keyword)) names.delete(name);
  const out = Buffer.concat([Buffer.from([QUERY, 0, 0, 0, 0]), Buffer.from(`${head}"${name}"${rest}\0`)]);
  out.writeInt32BE(out.length - 1, 1);
  return out;
}
