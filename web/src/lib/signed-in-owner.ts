/**
 * What one account leaves in this browser (its drafts, the personal details typed at onboarding) is
 * for that account only (issue 23). 'Uitloggen' clears it (useSignOut); this covers a session that
 * ends any other way: expired or revoked (Firebase signs the user out by itself), a sign-out in
 * another tab, another account signing in, or any of these while the page was closed. The browser
 * remembers who was signed in last; when the auth SDK reports someone else or nobody, that account's
 * things go. Details typed by a visitor (nobody signed in before) stay: they belong to the account
 * the visitor then creates or signs in to. Loaded with the auth SDK, never on a visitor's first load.
 */

import type { AuthUser } from './auth-user.ts';
import { clearDrafts } from './draft-store.ts';
import { watchAuth } from './firebase.ts';
import { clearMemberCache, forgetMemberAnswers } from './member-cache.ts';
import { SIGNED_IN_KEY as KEY } from './session-hint.ts';
import { onboardingStore } from './storage.ts';

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/** Without storage: who this page last saw signed in. */
let lastInPage: string | null = null;

/** The uid of the last sign-in this browser saw (null: nobody, or no storage). */
export function lastSignedIn(): string | null {
  try {
    return storage()?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
}

/** Call with every answer of the auth SDK, before it is shown (a new account never sees the old state). */
export function forgetPreviousAccount(uid: string | null) {
  const store = storage();
  let previous = lastInPage;
  try {
    if (store) previous = store.getItem(KEY);
  } catch {
    // Blocked storage: what this page saw.
  }
  if (previous !== null && previous !== uid) {
    clearDrafts();
    onboardingStore.clear();
  }
  // This tab's kept answers (sessionStorage) are for the signed-in account only, even when another
  // tab's sign-out already removed who was signed in from the shared localStorage above.
  clearMemberCache(uid);
  // Another account or nobody after someone in this page (a sign-out in another tab): their answers
  // leave SWR's cache now, before the next screen (the account loader's own clearing is one frame late).
  if (lastInPage !== null && lastInPage !== uid) forgetMemberAnswers();
  lastInPage = uid;
  try {
    if (uid) store?.setItem(KEY, uid);
    else store?.removeItem(KEY);
  } catch {
    // Full or blocked storage: lastInPage still covers this page.
  }
}

/** The auth SDK's answers, each after `forgetPreviousAccount` (lib/auth.tsx loads this after first paint). */
export function watchAccount(listener: (user: AuthUser | null) => void, onError: (error: unknown) => void) {
  return watchAuth((user) => {
    forgetPreviousAccount(user?.uid ?? null);
    listener(user);
  }, onError);
}
