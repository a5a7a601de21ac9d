/**
 * The account-state gate of pages for signed-in people, with the failed-renewal banner above member
 * pages (issue 24, docs/payments.md "Dunning"). One lazily loaded module (gated-outlet.tsx), so the
 * public pages' first load carries neither.
 */
import { lazy, type ReactNode, Suspense } from 'react';
import type { AccountState } from '../../features/auth/account-state.ts';
import { AccountStateGate } from '../../features/auth/components/account-state-gate.tsx';

// The first member page of this page load: its code and data start now, beside the Auth SDK.
// (Its own chunk: its imports would otherwise be listed in the public entry, which preloads this one's.)
if (typeof window !== 'undefined') {
  const { pathname, search } = window.location;
  void import('./member-boot.ts')
    .then(({ bootMember }) => bootMember(pathname, search))
    .catch(() => undefined);
}

const PaymentProblemBanner = lazy(() =>
  import('../../features/membership/components/payment-problem-banner.tsx').then((m) => ({
    default: m.PaymentProblemBanner,
  })),
);

export function MemberGate(props: {
  states: readonly AccountState[];
  openWhileSuspended: boolean;
  children: ReactNode;
}) {
  // A screen high at least: while a member page fills in (topics, posts, comments), the footer stays
  // below the fold instead of showing under the first lines and jumping down (issue 26: CLS).
  return (
    <div css={{ minHeight: '100vh' }}>
      <AccountStateGate
        {...props}
        memberBanner={
          <Suspense fallback={null}>
            <PaymentProblemBanner enabled />
          </Suspense>
        }
      />
    </div>
  );
}
