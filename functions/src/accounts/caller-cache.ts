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
/**
 * The latest write whose uid forgottenAt no longer holds (dropped to bound its memory): a read less
 * than RECENT_WRITE_MS after it is not kept, whatever its uid (else a dropped uid's write, still
 * uncommitted, could be cached over).
 */
let droppedUpTo = Number.NEGATIVE_INFINITY;

/** True when `uid` may have been written less than RECENT_WRITE_MS before a read at `readAt`. */
const writtenRecently = (uid: string, readAt: number): boolean =>
  Math.max(forgottenAt.get(uid) ?? Number.NEGATIVE_INFINITY, droppedUpTo) > readAt - RECENT_WRITE_MS;

/** Makes room in forgottenAt: the writes older than RECENT_WRITE_MS first, all of them if need be. */
function dropForgotten(now: number): void {
  for (const [uid, at] of forgottenAt) {
    if (at > now - RECENT_WRITE_MS) continue;
    forgottenAt.delete(uid);
    droppedUpTo = Math.max(droppedUpTo, at);
  }
  if (forgottenAt.size < MAX_ENTRIES) return;
  forgottenAt.clear();
  droppedUpTo = now;
}

/** Keeps a lookup read at `readAt` (taken before the query is sent). */
export function keepCaller(uid: string, row: CallerRow | undefined, readAt: number): void {
  const seconds = config.callerCacheSeconds();
  if (seconds <= 0) return;
  if (writtenRecently(uid, readAt)) return;
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(uid, { row, until: readAt + seconds * 1000 });
}

/** Forgets `uid`'s lookup in this instance: call it on every write that changes what it answers. */
export function forgetCaller(uid: string): void {
  entries.delete(uid);
  const now = Date.now();
  if (forgottenAt.size >= MAX_ENTRIES) dropForgotten(now);
  forgottenAt.set(uid, now);
}
