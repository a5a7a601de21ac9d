/**
 * Gives the named prepared statements of one wire connection a prefix of its own (server.ts): in
 * Parse, Bind, Describe and Close messages, and in a simple query `DEALLOCATE name`. The unnamed
 * statement ('') stays as it is: a connection holds the session while it uses it.
 */
const PARSE = 0x50;
const BIND = 0x42;
const DESCRIBE = 0x44;
const CLOSE = 0x43;
const QUERY = 0x51;
const deallocate = /^\s*DEALLOCATE\s+(?:PREPARE\s+)?"?(\w+)"?\s*;?\s*$/i;

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
  if (type === QUERY) {
    const match = deallocate.exec(message.toString('utf8', 5, message.length - 1));
    if (!match) return message;
    names.delete(prefix + match[1]);
    const text = Buffer.from(`DEALLOCATE "${prefix}${match[1]}"\0`);
    const out = Buffer.concat([Buffer.from([QUERY, 0, 0, 0, 0]), text]);
    out.writeInt32BE(out.length - 1, 1);
    return out;
  }
  return message;
}
