/**
 * The account-state gate of pages for signed-in people, with the failed-renewal banner above member
 * pages (issue 24, docs/payments.md "Dunning"). One lazily loaded module (gated-outlet.tsx), so the
 * public pages' first load carries neither.
 */
import { lazy, type ReactNode, Suspense } from 'react';
import type { AccountState } from '../../features/auth/account-state.ts';
import { AccountStateGate } from '../../features/auth/components/account-state-gate.tsx';
import { bootMember } from './member-boot.ts';

// The first member page of this page load: its code and data start now, beside the Auth SDK.
if (typeof window !== 'undefined') bootMember(window.location.pathname, window.location.search);

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
  return (
    <AccountStateGate
      {...props}
      memberBanner={
        <Suspense fallback={null}>
          <PaymentProblemBanner enabled />
        </Suspense>
      }
    />
  );
}
