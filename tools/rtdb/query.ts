import { compareKeys, emptyObject, getAt, isObject, type Json, parsePath } from './tree.ts';

/** The query object the SDK sends with tagged listens and gets (`queryParamsGetQueryObject`). */
export interface WireQuery {
  /** start value, start key, start inclusive */
  sp?: Json;
  sn?: string;
  sin?: boolean;
  /** end value, end key, end inclusive */
  ep?: Json;
  en?: string;
  ein?: boolean;
  /** limit and the side it counts from: 'l' first, 'r' last */
  l?: number;
  vf?: 'l' | 'r';
  /** index: '.key', '.value', '.priority' or a child path; absent means priority */
  i?: string;
}

const MIN_NAME = '[MIN_NAME]';
const MAX_NAME = '[MAX_NAME]';

export function parseWireQuery(input: unknown): WireQuery | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null;
  const raw = input as Record<string, unknown>;
  const query: WireQuery = {};
  const primitive = (v: unknown): Json =>
    v === null || ['string', 'number', 'boolean'].includes(typeof v) ? (v as Json) : null;
  if ('sp' in raw) {
    query.sp = primitive(raw.sp);
    query.sin = raw.sin !== false;
    if (typeof raw.sn === 'string') query.sn = raw.sn;
  }
  if ('ep' in raw) {
    query.ep = primitive(raw.ep);
    query.ein = raw.ein !== false;
    if (typeof raw.en === 'string') query.en = raw.en;
  }
  if (typeof raw.l === 'number' && raw.l > 0) {
    query.l = Math.floor(raw.l);
    query.vf = raw.vf === 'r' ? 'r' : 'l';
  }
  if (typeof raw.i === 'string') query.i = raw.i;
  return query;
}

export function filtersData(query: WireQuery): boolean {
  return 'sp' in query || 'ep' in query || query.l !== undefined;
}

function typeRank(value: Json): number {
  if (value === null) return 0;
  if (value === false) return 1;
  if (value === true) return 2;
  if (typeof value === 'number') return 3;
  if (typeof value === 'string') return 4;
  return 5;
}

/** RTDB ordering: null, false, true, numbers, strings, objects. */
export function compareValues(a: Json, b: Json): number {
  const rank = typeRank(a) - typeRank(b);
  if (rank !== 0) return rank;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a === b ? 0 : a < b ? -1 : 1;
  return 0;
}

function indexValue(index: string | undefined, child: Json): Json {
  if (index === undefined || index === '.priority') return null;
  if (index === '.value') return isObject(child) ? emptyObject() : child;
  const value = getAt(child, parsePath(index));
  return isObject(value) ? emptyObject() : value;
}

/**
 * Applies a query the way RTDB does for tagged listens: order by the index (ties by key), keep the
 * range, then keep `l` children from the chosen side. A leaf under a query reads as null.
 */
export function applyQuery(value: Json, query: WireQuery): Json {
  if (!filtersData(query)) return value;
  if (!isObject(value)) return null;
  const byKey = query.i === '.key';
  const items = Object.keys(value).map((key) => ({
    key,
    child: value[key] ?? null,
    index: byKey ? null : indexValue(query.i, value[key] ?? null),
  }));
  const compare = (a: { key: string; index: Json }, b: { key: string; index: Json }): number => {
    if (byKey) return compareKeys(a.key, b.key);
    return compareValues(a.index, b.index) || compareKeys(a.key, b.key);
  };
  items.sort(compare);
  const bound = (value: Json | undefined, name: string | undefined, fallback: string) =>
    byKey
      ? { key: typeof value === 'string' ? value : String(value ?? ''), index: null }
      : { key: name ?? fallback, index: value ?? null };
  const start = 'sp' in query ? bound(query.sp, query.sn, MIN_NAME) : null;
  const end = 'ep' in query ? bound(query.ep, query.en, MAX_NAME) : null;
  let kept = items.filter((item) => {
    if (start) {
      const c = compare(item, start);
      if (query.sin === false ? c <= 0 : c < 0) return false;
    }
    if (end) {
      const c = compare(item, end);
      if (query.ein === false ? c >= 0 : c > 0) return false;
    }
    return true;
  });
  if (query.l !== undefined) {
    kept = query.vf === 'r' ? kept.slice(Math.max(0, kept.length - query.l)) : kept.slice(0, query.l);
  }
  if (kept.length === 0) return null;
  const result = emptyObject();
  for (const item of kept) result[item.key] = item.child;
  return result;
}

/** REST query parameters (`orderBy="$key"&limitToFirst=2`...) as a wire query; null when absent. */
export function queryFromRest(params: URLSearchParams): WireQuery | null {
  const orderBy = params.get('orderBy');
  if (orderBy === null) return null;
  const parse = (name: string): Json | undefined => {
    const raw = params.get(name);
    if (raw === null) return undefined;
    const parsed: unknown = JSON.parse(raw);
    if (parsed === null || ['string', 'number', 'boolean'].includes(typeof parsed)) return parsed as Json;
    throw new Error(`${name} must be a JSON primitive`);
  };
  const index = JSON.parse(orderBy) as unknown;
  if (typeof index !== 'string') throw new Error('orderBy must be a JSON string');
  const query: WireQuery = {};
  query.i =
    index === '$key' ? '.key' : index === '$value' ? '.value' : index === '$priority' ? '.priority' : index;
  const equalTo = parse('equalTo');
  const startAt = parse('startAt');
  const startAfter = parse('startAfter');
  const endAt = parse('endAt');
  const endBefore = parse('endBefore');
  if (equalTo !== undefined) {
    Object.assign(query, { sp: equalTo, sin: true, ep: equalTo, ein: true });
  }
  if (startAt !== undefined) Object.assign(query, { sp: startAt, sin: true });
  if (startAfter !== undefined) {
    Object.assign(query, { sp: startAfter, sin: false });
    if (query.i !== '.key') query.sn = MAX_NAME;
  }
  if (endAt !== undefined) Object.assign(query, { ep: endAt, ein: true });
  if (endBefore !== undefined) {
    Object.assign(query, { ep: endBefore, ein: false });
    if (query.i !== '.key') query.en = MIN_NAME;
  }
  const first = params.get('limitToFirst');
  const last = params.get('limitToLast');
  if (first !== null) Object.assign(query, { l: Number(first), vf: 'l' });
  if (last !== null) Object.assign(query, { l: Number(last), vf: 'r' });
  if (query.l !== undefined && (!Number.isInteger(query.l) || query.l <= 0)) {
    throw new Error('limit must be a positive integer');
  }
  return query;
}
