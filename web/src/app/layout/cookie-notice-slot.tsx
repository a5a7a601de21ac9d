import { lazy, Suspense } from 'react';
import { analyticsConfigured } from '../../lib/analytics.ts';

// Only a site with a measurement id asks for consent; others never download the notice.
const CookieNotice = lazy(() =>
  import('../../features/consent/components/cookie-notice.tsx').then((m) => ({ default: m.CookieNotice })),
);

export function CookieNoticeSlot() {
  if (!analyticsConfigured()) return null;
  return (
    <Suspense fallback={null}>
      <CookieNotice />
    </Suspense>
  );
}
