import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { browserContentStore, type ContentSnapshot } from '../features/content/api/get-content.ts';
import { loadAccountLoader } from '../lib/auth.tsx';
import { loadNow } from '../lib/lazy-loaded.tsx';
import { isPublicPath, SIGNED_IN_KEY } from '../lib/session-hint.ts';
import { readStoredUserEarly } from '../lib/stored-user.ts';
import { loadMemberGate } from './layout/gated-outlet.tsx';
import { startMemberPage } from './member-page-loaders.ts';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './router.tsx';
import { watchStaleBuild } from './stale-build.ts';

const storedHint = () => {
  try {
    return window.localStorage.getItem(SIGNED_IN_KEY) !== null;
  } catch {
    return false;
  }
};

/**
 * The single-page app. app/boot.ts (the page's first script) starts it at once on member pages and
 * when a session may exist, and on a visitor's public page only when something needs it (issue 27).
 * Importing this module starts nothing: boot.ts imports it early to warm the cache.
 */
export function startApp() {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // A lazy chunk of an older build (this tab opened before a deploy) reloads the page once.
  watchStaleBuild();
  // A member page: its gate's chunk, which starts the page's code and data (layout/member-boot.ts),
  // is asked for now rather than once the first render reaches it.
  const { pathname } = window.location;
  if (!isPublicPath(pathname)) {
    void loadNow(loadMemberGate).catch(() => undefined);
    // A returning member: the Auth SDK's stored user is read now, beside those chunks, not after them.
    // So are the page's code and the account loader (member-boot.ts waits for them to presume).
    if (!pathname.startsWith('/auth/') && storedHint()) {
      readStoredUserEarly();
      startMemberPage(pathname);
      void loadNow(loadAccountLoader).catch(() => undefined);
    }
  }

  // Declarative routing (BrowserRouter): the data router would add about 16 KB gzip to every page.
  const app = (
    <StrictMode>
      <BrowserRouter>
        <AppProviders>
          <AppRoutes />
        </AppProviders>
      </BrowserRouter>
    </StrictMode>
  );

  // A server-rendered page (app/server/entry-server.tsx) brings the CMS answers it was rendered
  // with: the store starts with them, so hydration finds the same content and asks for nothing.
  const content = document.getElementById('kring-content');
  if (content?.textContent) {
    browserContentStore.prime(JSON.parse(content.textContent) as ContentSnapshot);
    hydrateRoot(root, app);
  } else {
    createRoot(root).render(app);
  }
}
