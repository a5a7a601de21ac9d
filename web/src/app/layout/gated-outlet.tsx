import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { useSignOutResolution } from '../../features/auth/hooks/use-sign-out-resolution.ts';
import { lazyLoaded } from '../../lib/lazy-loaded.tsx';
import { isOpenWhileSuspended, statesForPath } from '../route-table.ts';
import { PageErrorBoundary } from './error-boundary.tsx';

// Only pages for signed-in people have a gate (and the failed-renewal banner): the public pages'
// first load does not carry them.
// main.tsx loads it ahead on a member page (then it renders without suspending).
export const loadMemberGate = () => import('./member-gate.tsx').then((m) => ({ default: m.MemberGate }));
const MemberGate = lazyLoaded(loadMemberGate);

/**
 * The page of the current route: behind the account-state gate when the route needs states,
 * with its own error boundary, and scrolled to the top on navigation (or to the #anchor).
 */
export function GatedOutlet() {
  const { pathname, hash } = useLocation();
  const states = statesForPath(pathname);
  useSignOutResolution(states !== undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (pathname) starts at the top
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);

  const page = (
    <PageErrorBoundary key={pathname}>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </PageErrorBoundary>
  );
  return states ? (
    <Suspense fallback={<LoadingScreen />}>
      <MemberGate states={states} openWhileSuspended={isOpenWhileSuspended(pathname)}>
        {page}
      </MemberGate>
    </Suspense>
  ) : (
    page
  );
}
