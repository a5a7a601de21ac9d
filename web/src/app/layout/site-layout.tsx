import { css } from '@emotion/react';
import { lazy, Suspense } from 'react';
import { CookieNoticeSlot } from './cookie-notice-slot.tsx';
import { GatedOutlet } from './gated-outlet.tsx';
import { Header } from './header.tsx';
import { ReauthSlot } from './reauth-slot.tsx';

// Below the fold: it may arrive a moment after the page without anyone noticing.
const Footer = lazy(() => import('./footer.tsx').then((m) => ({ default: m.Footer })));

/** Header, page and footer: every route except onboarding. */
export function SiteLayout() {
  return (
    <div
      css={css`
        display: flex;
        flex-direction: column;
        min-height: 100vh;
      `}
    >
      <Header />
      <main
        id="main"
        tabIndex={-1}
        css={css`
          flex: 1;
          &:focus {
            outline: none;
          }
        `}
      >
        <GatedOutlet />
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <CookieNoticeSlot />
      <ReauthSlot />
    </div>
  );
}
