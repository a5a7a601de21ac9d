import { lazy, Suspense } from 'react';
import { measurementId } from '../../lib/env.ts';

// Only a site with a measurement id asks for consent; others never download the notice.
const CookieNotice = lazy(() =>
  import('../../features/consent/components/cookie-notice.tsx').then((m) => ({ default: m.CookieNotice })),
);

export function CookieNoticeSlot() {
  // The id itself, not lib/analytics.ts: that module stays out of every page's first load.
  if (measurementId === undefined) return null;
  return (
    <Suspense fallback={null}>
      <CookieNotice />
    </Suspense>
  );
}
