/**
 * The forms that hold text not sent or saved yet (lib/drafts.ts `useLeaveGuard` adds and removes
 * them). Its own small module: the stale-build reload (app/stale-build.ts, in the first script) asks
 * it without pulling in the drafts' code.
 */
export const unsentText = new Set<string>();

/** Whether some form on the page holds text not sent or saved yet. */
export const hasUnsentText = () => unsentText.size > 0;
