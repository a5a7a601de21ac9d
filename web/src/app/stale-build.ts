/**
 * A tab opened before a deploy still runs the old build; its lazy chunks are gone from Hosting after
 * the next deploy, so a page it has not opened yet fails to import (404). Then the tab reloads once and
 * gets the new build (docs/deploy.md, "Why assets cannot go missing"). The guard: this tab's
 * sessionStorage names the build it reloaded away from; the same build failing again after that reload
 * (the file is really missing, or the HTML came from a cache) shows the page's error screen instead.
 */

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

/** Reloads the page unless it already did for this build (or cannot tell); true when it reloads. */
export function reloadForNewBuild(): boolean {
  if (reloading) return true;
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
 * Vite's `vite:preloadError` (a lazy chunk or one of its files failed): reload once instead of
 * failing; the page's error boundary (layout/error-boundary.tsx) does the same for a failed import.
 * Returns the unsubscribe (tests).
 */
export function watchStaleBuild(): () => void {
  const onError = (event: Event) => {
    if (reloadForNewBuild()) event.preventDefault();
  };
  window.addEventListener('vite:preloadError', onError);
  return () => window.removeEventListener('vite:preloadError', onError);
}
