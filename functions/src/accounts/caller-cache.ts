import { config } from '../lib/config.ts';

/**
 * The router's caller lookup (accounts.repo.ts findAccountAccess: the stored role with an open
 * suspension applied, the profile id, the stored address and flag), kept per uid in this instance for
 * `CALLER_CACHE_SECONDS` (default 5; 0 turns it off, as the functions tests do except
 * caller-cache.test.ts). It saves one statement of every member call (issue 26, docs/benchmarks.md).
 *
 * Staleness: every write of this code that changes what the lookup answers (a role, a suspension begun
 * or lifted, a profile created, an account erased, the stored address) forgets the uid in the instance
 * that writes, so there it takes effect on the next call. Another instance sees it at most that many
 * seconds later (docs/security.md "Caller and session caches").
 */
export interface CallerRow {
  role: number;
  email: string | null;
  email_verified: boolean;
  profileId: number | null;
}

/** A bound on memory: a busy instance sees far fewer members than this within a few seconds. */
const MAX_ENTRIES = 10_000;
const entries = new Map<string, { row: CallerRow | undefined; until: number }>();

/** The cached lookup of `uid`, or `miss` when there is none still fresh. */
export function cachedCaller(uid: string, now = Date.now()): CallerRow | undefined | 'miss' {
  const entry = entries.get(uid);
  if (!entry) return 'miss';
  if (entry.until > now) return entry.row;
  entries.delete(uid);
  return 'miss';
}

/**
 * A uid written this recently is not kept: the write may sit in a transaction that has not committed
 * yet, and a lookup meanwhile reads the state before it. Kring's transactions take well under this.
 */
const RECENT_WRITE_MS = 10_000;
/** When each uid was last forgotten. */
const forgottenAt = new Map<string, number>();

/** Keeps a lookup read at `readAt` (taken before the query is sent). */
export function keepCaller(uid: string, row: CallerRow | undefined, readAt: number): void {
  const seconds = config.callerCacheSeconds();
  if (seconds <= 0) return;
  const forgotten = forgottenAt.get(uid);
  if (forgotten !== undefined && forgotten > readAt - RECENT_WRITE_MS) return;
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(uid, { row, until: readAt + seconds * 1000 });
}

/** Forgets `uid`'s lookup in this instance: call it on every write that changes what it answers. */
export function forgetCaller(uid: string): void {
  entries.delete(uid);
  if (forgottenAt.size >= MAX_ENTRIES) forgottenAt.clear();
  forgottenAt.set(uid, Date.now());
}
