/**
 * Whether someone may be signed in in this browser, answered without the auth SDK (issue 27). The
 * SDK writes who it saw signed in under `kring.signedInAs` (signed-in-owner.ts) and removes it when
 * it sees nobody; a browser without that entry has no session to restore, so a visitor's public
 * page loads neither the SDK nor (app/boot.ts) the app. Blocked storage answers "maybe".
 * Kept free of imports: app/boot.ts, the first script of every page, uses it.
 */
export const SIGNED_IN_KEY = 'kring.signedInAs';

/** On `<html>` while a session may exist: the header shows its spinner instead of 'Inloggen'. */
export const SESSION_CLASS = 'kring-session';

/** Set by app/boot.ts when the SDK's own storage holds a user although the hint is missing. */
let storedSignInFound = false;
/** This page's `onSessionElsewhere` listeners: a late find starts an SDK the app had skipped. */
const pageListeners = new Set<() => void>();

/**
 * A signed-in user found in the SDK's storage (lib/stored-sign-in.ts): the app's auth SDK starts,
 * also when the app started before the (async) probe answered and had decided on "no session".
 */
export function noteStoredSignIn() {
  storedSignInFound = true;
  for (const listener of [...pageListeners]) listener();
}

export function mayHaveSession(): boolean {
  if (storedSignInFound) return true;
  try {
    return window.localStorage.getItem(SIGNED_IN_KEY) !== null;
  } catch {
    return true;
  }
}

/** Calls `listener` when another tab of this site signs someone in, or a stored sign-in is noted. */
export function onSessionElsewhere(listener: () => void): () => void {
  const handle = (event: StorageEvent) => {
    if (event.key === SIGNED_IN_KEY && event.newValue !== null) listener();
  };
  window.addEventListener('storage', handle);
  pageListeners.add(listener);
  return () => {
    window.removeEventListener('storage', handle);
    pageListeners.delete(listener);
  };
}

/**
 * First path segments of the pages for signed-in people and of sign-in itself (app/route-table.ts
 * lists their states; session-hint.test.ts keeps both in step). Every other page is public.
 */
const memberSections = ['community', 'account', 'beheer', 'auth', 'onboarding'];

/** A page open to everyone: the content pages, /community's landing page, /afmelden and the 404. */
export function isPublicPath(pathname: string): boolean {
  const [, first = '', second] = pathname.split('/');
  if (first === 'community') return second === undefined || second === '';
  return !memberSections.includes(first);
}
