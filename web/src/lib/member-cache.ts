/**
 * A member's answers kept for an instant repeat visit (issue 26): what SWR holds of the account and
 * the member pages is written to this tab's sessionStorage when the page is hidden or left, under the
 * member's uid, and put back into SWR's cache on the next load of a member page once the Auth SDK has
 * confirmed that same uid (app/layout/member-boot.ts). The page shows it at once and asks the server
 * again behind it (SWR revalidates on mount). Never shared between accounts: the entry names its uid,
 * it is only read for that uid, and it goes on sign-out ('Uitloggen', useSignOut) and whenever the SDK
 * reports another account or nobody (signed-in-owner.ts). sessionStorage: it ends with the tab.
 */
import { mutate } from 'swr';
import { cache } from 'swr/_internal';

const PREFIX = 'kring.memberCache.';
/** A larger snapshot is not kept (sessionStorage has about 5 MB per site). */
const MAX_CHARS = 1_000_000;
/** Only what the member pages open with: the account, first pages of the lists, a post, the membership. */
const KEPT =
  /^(user$|posts\/[^/]+\/[^/]+\/[^/]+\/$|post\/\d+\/[^/]+\/\/|users\/[^/]+\/$|topics|subscription\/status$|billing\/payments$|threads$)/;

const session = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

interface Snapshot {
  uid: string;
  entries: [string, unknown][];
}

/** Writes what SWR holds for `uid` now. */
export function saveMemberCache(uid: string): void {
  const entries: [string, unknown][] = [];
  for (const key of cache.keys()) {
    if (typeof key !== 'string' || !KEPT.test(key)) continue;
    const state = cache.get(key) as { data?: unknown; error?: unknown } | undefined;
    // An answer the server refused since (the post was removed, access ended) is not kept.
    if (state?.data !== undefined && state.error === undefined) entries.push([key, state.data]);
  }
  const store = session();
  try {
    const text = JSON.stringify({ uid, entries } satisfies Snapshot);
    if (text.length > MAX_CHARS) throw new Error('too large to keep');
    store?.setItem(PREFIX + uid, text);
  } catch {
    // Too large, full or blocked storage: the next visit asks the server, as without this cache. An
    // older snapshot must not stand in for this one (it would show what a write since then changed).
    try {
      store?.removeItem(PREFIX + uid);
    } catch {
      // Blocked storage holds nothing of ours.
    }
  }
}

/** Puts `uid`'s kept answers into SWR's cache (where it holds nothing yet); true when there were some. */
export function restoreMemberCache(uid: string): boolean {
  let snapshot: Snapshot | null = null;
  try {
    snapshot = JSON.parse(session()?.getItem(PREFIX + uid) ?? 'null') as Snapshot | null;
  } catch {
    return false;
  }
  if (!snapshot || snapshot.uid !== uid || !Array.isArray(snapshot.entries)) return false;
  for (const [key, data] of snapshot.entries) {
    // Asks again where a page already shows the key: SWR drops an answer that was on its way when
    // the kept one came in, which would otherwise stay (no hook mounted: nothing is asked here).
    if ((cache.get(key) as { data?: unknown } | undefined)?.data === undefined)
      void mutate(key, data).catch(() => undefined);
  }
  return snapshot.entries.length > 0;
}

/**
 * Empties SWR's cache at once (every answer in it is one user's): a presumed member the Auth SDK did
 * not confirm (app/layout/member-boot.ts), or one signed out elsewhere (signed-in-owner.ts), leaves
 * nothing that the next screen, someone else's, shows.
 */
export function forgetMemberAnswers(): void {
  void mutate(() => true, undefined, { revalidate: false }).catch(() => undefined);
}

/** Forgets every account's kept answers in this tab but `keep`'s (sign-out, another account). */
export function clearMemberCache(keep: string | null = null): void {
  const store = session();
  if (!store) return;
  try {
    for (const key of Object.keys(store))
      if (key.startsWith(PREFIX) && (keep === null || key !== PREFIX + keep)) store.removeItem(key);
  } catch {
    // Blocked storage holds nothing of ours.
  }
}

/**
 * Saves `uid`'s answers whenever the page is hidden or left, while `stillSignedIn()` says they are the
 * signed-in member; returns the unsubscribe.
 */
export function keepMemberCache(uid: string, stillSignedIn: () => boolean): () => void {
  const save = () => {
    if (stillSignedIn()) saveMemberCache(uid);
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') save();
  };
  window.addEventListener('pagehide', save);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('pagehide', save);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
