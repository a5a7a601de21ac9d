/**
 * Answers asked for before their page's hook mounted (app/layout/member-boot.ts starts a member
 * page's data together with its code). Each answer is tagged with the uid whose token asked for it:
 * a hook takes it only for that same user, once, and only while it is fresh, so an answer never
 * reaches another account or shows stale.
 */
const FRESH_MS = 15_000;

interface Preloaded {
  uid: string;
  at: number;
  promise: Promise<unknown>;
}

const preloaded = new Map<string, Preloaded>();

/** An SWR key and the call that answers it. */
export interface PreloadSource {
  key: string;
  fetch: () => Promise<unknown>;
}

/**
 * Keys a hook has asked the server for itself in this page: their answers are in SWR's cache and kept
 * fresh there. A preload for one would come too late for its page and wait for the next refresh,
 * which may follow a write (a plan switched, a profile saved) that it predates.
 */
const askedByHook = new Set<string>();

/** A hook is asking the server for `key` (lib/use-api.ts). */
export const markAsked = (key: string): void => {
  askedByHook.add(key);
};

/** Starts `fetch` for `key` as `uid` (once per key), unless a hook asked for it already. */
export function preloadFor(uid: string, key: string, fetch: () => Promise<unknown>): void {
  if (askedByHook.has(key)) return;
  const held = preloaded.get(key);
  if (held && held.uid === uid && Date.now() - held.at < FRESH_MS) return;
  const promise = fetch();
  // A failure is the hook's to see (it asks again); never an unhandled rejection here.
  promise.catch(() => undefined);
  preloaded.set(key, { uid, at: Date.now(), promise });
}

/** Whether an answer waits for `key` (cheap: no SDK needed to ask). */
export const hasPreloaded = (key: string): boolean => preloaded.has(key);

/** The answer preloaded for `key` as `uid`, taken out; undefined when there is none for them. */
export function takePreloaded<T>(key: string, uid: string | null): Promise<T> | undefined {
  const held = preloaded.get(key);
  if (!held) return undefined;
  preloaded.delete(key);
  if (uid === null || held.uid !== uid || Date.now() - held.at >= FRESH_MS) return undefined;
  return held.promise as Promise<T>;
}

/**
 * Forgets the answers whose key `matches`: a write (a vote, a comment, a new or removed post) makes
 * an answer asked for before it wrong, and the hook must then ask the server again.
 */
export function dropPreloaded(matches: (key: string) => boolean): void {
  for (const key of [...preloaded.keys()]) if (matches(key)) preloaded.delete(key);
}

/** Forgets every preloaded answer (sign-out). */
export function clearPreloaded(): void {
  preloaded.clear();
  askedByHook.clear();
}

/**
 * Page code a feature may fetch ahead (a post card prefetches the post page). The app registers the
 * loaders (app/layout/member-boot.ts) so features need not import routes; unregistered: a no-op.
 */
export const pageCode: { post: (() => Promise<unknown>) | null } = { post: null };

/**
 * What starts the moment a sign-in is accepted, before the app moved on (the account and the
 * timeline's first data, as `uid`): registered by app/layout/member-boot.ts; unregistered: a no-op.
 */
export const signedInStart: { run: ((uid: string) => void) | null } = { run: null };
