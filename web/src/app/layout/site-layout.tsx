import { css } from '@emotion/react';
import { lazy, Suspense } from 'react';
import { whenIdle } from '../../lib/when-idle.ts';
import { CookieNoticeSlot } from './cookie-notice-slot.tsx';
import { GatedOutlet } from './gated-outlet.tsx';
import { Header } from './header.tsx';

// Below the fold, so its code is not part of the first load: it loads when the browser is idle.
// Until then a server-rendered footer stays the server's HTML (its links work as plain links);
// React hydrates it once the code is there.
const Footer = lazy(() => whenIdle().then(() => import('./footer.tsx').then((m) => ({ default: m.Footer }))));

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
    </div>
  );
}
