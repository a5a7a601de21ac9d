/**
 * A tab opened before a deploy still runs the old build; its lazy chunks are gone from Hosting after
 * the next deploy, so a page it has not opened yet fails to import (404). Then the tab reloads once and
 * gets the new build (docs/deploy.md, "Why assets cannot go missing"). The guard: this tab's
 * sessionStorage names the build it reloaded away from; the same build failing again after that reload
 * (the file is really missing, or the HTML came from a cache) shows the page's error screen instead.
 */

import { hasUnsentText } from '../lib/unsent-text.ts';

/** sessionStorage: the build (its entry script) this tab last reloaded away from. */
const RELOAD_MARK = 'kring.reloadedForBuild';

/** This page's build: the entry script the HTML names (hashed per build; /src/app/boot.ts in dev). */
const currentBuild = () => document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? '';

/** A reload is under way in this page: the error screen is not shown meanwhile. */
let reloading = false;

/**
 * A reload for a new build is under way: whatever fails meanwhile is left unshown. (Vite's import
 * resolves to undefined once its vite:preloadError was handled, so the page then fails with a TypeError.)
 */
export const reloadUnderWay = () => reloading;

/**
 * Reloads the page unless it already did for this build (or cannot tell); true when it reloads.
 * Offline, a chunk fails for want of a network, not for a deploy: a reload would only swap the app
 * for the browser's offline page, so the error screen (with 'Pagina opnieuw laden') shows instead,
 * and the one reload this build has is kept for when it is really gone. Neither is the page reloaded
 * while a form holds unsent text (lib/drafts.ts useLeaveGuard): the browser would ask 'Reload site?'
 * out of nowhere, and the member who says no would be left with an empty page; the error screen lets
 * them finish (the chat panel stays) and reload themselves.
 */
export function reloadForNewBuild(): boolean {
  if (reloading) return true;
  if (navigator.onLine === false || hasUnsentText()) return false;
  const build = currentBuild();
  try {
    if (sessionStorage.getItem(RELOAD_MARK) === build) return false;
    sessionStorage.setItem(RELOAD_MARK, build);
  } catch {
    return false; // no storage, no guard against a loop
  }
  reloading = true;
  window.location.reload();
  return true;
}

/** A dynamic import (or its CSS) that failed to load, as Chrome, Firefox, Safari and Vite say it. */
export function isStaleChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message);
}

/**
 * Vite's `vite:preloadError` (a lazy chunk or one of its files failed to load): reload once. The
 * event is not cancelled: cancelled, Vite's helper resolves the import with `undefined`, and React
 * then fails on that (not a chunk error), which the page's error boundary would show as
 * 'Er is iets misgegaan' until the reload comes. Uncancelled, the chunk's own error reaches the
 * boundary (layout/error-boundary.tsx), which shows nothing while the reload is under way.
 * Returns the unsubscribe (tests).
 */
export function watchStaleBuild(): () => void {
  const onError = (event: Event) => {
    const { payload } = event as Event & { payload?: unknown };
    if (isStaleChunkError(payload)) reloadForNewBuild();
  };
  window.addEventListener('vite:preloadError', onError);
  return () => window.removeEventListener('vite:preloadError', onError);
}
