/**
 * Resolves when the browser has nothing more urgent to do (at once on the server). For code a page
 * needs but not for its first paint: `lazy(() => whenIdle().then(() => import('./x.tsx')))`. A
 * server-rendered part keeps the server's HTML until its code is there; React then hydrates it.
 */
export const whenIdle = () =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 3000 });
    else setTimeout(resolve, 0);
  });
