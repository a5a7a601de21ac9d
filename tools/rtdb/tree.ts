import { createHash, randomInt } from 'node:crypto';

/** A stored value. Objects never hold nulls or empty objects (RTDB has no empty nodes). */
export type Json = null | boolean | number | string | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

export type Path = readonly string[];

export class InvalidDataError extends Error {
  readonly code = 'invalid_data';
}

// Same characters the SDKs refuse in keys (plus control characters, checked by code).
const INVALID_KEY = /[[\].#$/]/;

export function parsePath(raw: string): string[] {
  return raw.split('/').filter((segment) => segment !== '');
}

export function pathToString(path: Path): string {
  return path.join('/');
}

export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > 768 || INVALID_KEY.test(key)) return false;
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null;
}

/** Null-prototype objects, so keys such as `__proto__` are plain data. */
export function emptyObject(): JsonObject {
  return Object.create(null) as JsonObject;
}

/** True when `prefix` is an ancestor of (or equal to) `path`. */
export function isPrefix(prefix: Path, path: Path): boolean {
  if (prefix.length > path.length) return false;
  return prefix.every((segment, i) => path[i] === segment);
}

export function overlaps(a: Path, b: Path): boolean {
  return isPrefix(a, b) || isPrefix(b, a);
}

export function getAt(root: Json, path: Path): Json {
  let node: Json = root;
  for (const segment of path) {
    if (!isObject(node)) return null;
    node = node[segment] ?? null;
  }
  return node;
}

/** Returns a new root with `value` at `path`; the old root is left untouched (rules compare both). */
export function setAt(root: Json, path: Path, value: Json): Json {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const base = isObject(root) ? root : null;
  const child = setAt(base?.[head] ?? null, rest, value);
  const copy = emptyObject();
  if (base) Object.assign(copy, base);
  if (child === null) delete copy[head];
  else copy[head] = child;
  return Object.keys(copy).length === 0 ? null : copy;
}

export function deepEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => key in b && deepEqual(a[key] ?? null, b[key] ?? null));
}

type ServerValue = { '.sv': unknown };

function isServerValue(value: unknown): value is ServerValue {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && '.sv' in value;
}

function resolveServerValue(sv: unknown, existing: Json, now: number): Json {
  if (sv === 'timestamp') return now;
  if (typeof sv === 'object' && sv !== null && 'increment' in sv) {
    const delta = (sv as { increment: unknown }).increment;
    if (typeof delta !== 'number') throw new InvalidDataError('increment needs a number');
    return typeof existing === 'number' ? existing + delta : delta;
  }
  throw new InvalidDataError(`unknown server value ${JSON.stringify(sv)}`);
}

/**
 * Turns client JSON into a stored value: resolves server values against `existing`, turns arrays
 * into index-keyed objects, drops nulls and priorities (priorities are not supported).
 */
export function toStored(input: unknown, existing: Json, now: number): Json {
  if (input === null || input === undefined) return null;
  if (isServerValue(input)) return resolveServerValue(input['.sv'], existing, now);
  switch (typeof input) {
    case 'boolean':
    case 'string':
      return input;
    case 'number':
      if (!Number.isFinite(input)) throw new InvalidDataError('numbers must be finite');
      return input;
    case 'object':
      break;
    default:
      throw new InvalidDataError(`unsupported value of type ${typeof input}`);
  }
  const entries: [string, unknown][] = Array.isArray(input)
    ? input.map((value, i) => [String(i), value])
    : Object.entries(input as Record<string, unknown>);
  if (!Array.isArray(input) && '.value' in input) {
    return toStored((input as { '.value': unknown })['.value'], existing, now);
  }
  const result = emptyObject();
  for (const [key, raw] of entries) {
    if (key === '.priority') continue;
    if (!isValidKey(key)) throw new InvalidDataError(`invalid key ${JSON.stringify(key)}`);
    const stored = toStored(raw, isObject(existing) ? (existing[key] ?? null) : null, now);
    if (stored !== null) result[key] = stored;
  }
  return Object.keys(result).length === 0 ? null : result;
}

const MIN_NAME = '[MIN_NAME]';
const MAX_NAME = '[MAX_NAME]';
const INTEGER_KEY = /^-?(0*)\d{1,10}$/;

function keyAsInt(key: string): number | null {
  if (!INTEGER_KEY.test(key)) return null;
  const n = Number(key);
  return n >= -2147483648 && n <= 2147483647 ? n : null;
}

/** The SDK's key order: 32-bit integer keys numerically first, then strings. */
export function compareKeys(a: string, b: string): number {
  if (a === b) return 0;
  if (a === MIN_NAME || b === MAX_NAME) return -1;
  if (b === MIN_NAME || a === MAX_NAME) return 1;
  const ai = keyAsInt(a);
  const bi = keyAsInt(b);
  if (ai !== null && bi !== null) return ai - bi === 0 ? a.length - b.length : ai - bi;
  if (ai !== null) return -1;
  if (bi !== null) return 1;
  return a < b ? -1 : 1;
}

function sha1(text: string): string {
  return createHash('sha1').update(text, 'utf8').digest('base64');
}

/**
 * The SDK's own IEEE-754 rendering (computed with logarithms, not the raw bits): hashes must match
 * what the client computes, even where its arithmetic rounds.
 */
function doubleToHex(input: number): string {
  const exponentBits = 11;
  const fractionBits = 52;
  const bias = (1 << (exponentBits - 1)) - 1;
  let value = input;
  let sign = false;
  let exponent: number;
  let fraction: number;
  if (value === 0) {
    exponent = 0;
    fraction = 0;
    sign = 1 / value === -Infinity;
  } else {
    sign = value < 0;
    value = Math.abs(value);
    if (value >= 2 ** (1 - bias)) {
      const ln = Math.min(Math.floor(Math.log(value) / Math.LN2), bias);
      exponent = ln + bias;
      fraction = Math.round(value * 2 ** (fractionBits - ln) - 2 ** fractionBits);
    } else {
      exponent = 0;
      fraction = Math.round(value / 2 ** (1 - bias - fractionBits));
    }
  }
  const bits: number[] = [];
  for (let i = fractionBits; i; i--) {
    bits.push(fraction % 2 ? 1 : 0);
    fraction = Math.floor(fraction / 2);
  }
  for (let i = exponentBits; i; i--) {
    bits.push(exponent % 2 ? 1 : 0);
    exponent = Math.floor(exponent / 2);
  }
  bits.push(sign ? 1 : 0);
  bits.reverse();
  const text = bits.join('');
  let hex = '';
  for (let i = 0; i < 64; i += 8)
    hex += parseInt(text.slice(i, i + 8), 2)
      .toString(16)
      .padStart(2, '0');
  return hex;
}

/**
 * The hash the SDK sends with a transaction's put: the server answers `datastale` when its own
 * value hashes differently, and the client retries with fresh data.
 */
export function hashValue(value: Json): string {
  if (value === null) return '';
  if (isObject(value)) {
    let text = '';
    for (const key of Object.keys(value).sort(compareKeys)) {
      const childHash = hashValue(value[key] ?? null);
      if (childHash !== '') text += `:${key}:${childHash}`;
    }
    return text === '' ? '' : sha1(text);
  }
  const type = typeof value;
  return sha1(`${type}:${type === 'number' ? doubleToHex(value as number) : String(value)}`);
}

/** What REST returns: objects whose keys are mostly array indexes become arrays, as the SDK does. */
export function exportValue(value: Json): unknown {
  if (!isObject(value)) return value;
  const keys = Object.keys(value);
  let maxIndex = -1;
  let allIndexes = true;
  for (const key of keys) {
    const n = keyAsInt(key);
    if (n === null || n < 0 || String(n) !== key) {
      allIndexes = false;
      break;
    }
    maxIndex = Math.max(maxIndex, n);
  }
  if (allIndexes && keys.length > 0 && maxIndex < 2 * keys.length) {
    const array: unknown[] = [];
    for (let i = 0; i <= maxIndex; i++) array.push(exportValue(value[String(i)] ?? null));
    return array;
  }
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = exportValue(value[key] ?? null);
  return out;
}

const PUSH_CHARS = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
let lastPushTime = 0;
let lastRandom: number[] = [];

/** Chronologically ordered 20-character ids, like the SDK's push(). */
export function pushId(now: number): string {
  let time = now;
  let head = '';
  for (let i = 0; i < 8; i++) {
    head = PUSH_CHARS.charAt(time % 64) + head;
    time = Math.floor(time / 64);
  }
  if (now === lastPushTime) {
    let i = 11;
    while (i >= 0 && lastRandom[i] === 63) {
      lastRandom[i] = 0;
      i--;
    }
    if (i >= 0) lastRandom[i] = (lastRandom[i] ?? 0) + 1;
  } else {
    lastRandom = Array.from({ length: 12 }, () => randomInt(64));
  }
  lastPushTime = now;
  return head + lastRandom.map((n) => PUSH_CHARS.charAt(n)).join('');
}
