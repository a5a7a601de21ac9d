import { css } from '@emotion/react';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { LoadingScreen } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { nl } from '../../../messages/nl.ts';
import { type AccountState, routeForState } from '../account-state.ts';
import { useAccountState } from '../hooks/use-account-state.ts';
import { SuspendedNotice } from './suspended-notice.tsx';

// The 'Log opnieuw in' dialog that calls needing a recent sign-in open (issue 15). Those calls are
// made only on gated pages (account, onboarding), so it loads with the gate, not with public pages.
const ReauthDialog = lazy(() =>
  import('../../../components/reauth-dialog.tsx').then((m) => ({ default: m.ReauthDialog })),
);

/**
 * Renders `children` only in one of `states`. In any other settled state it redirects to that
 * state's route (spec 4) and shows the loading screen meanwhile; while Loading it just waits.
 * A suspended member sees the suspension notice instead, or the page itself when it is
 * `openWhileSuspended` (the membership page, which shows the notice on top itself).
 */
export function AccountStateGate({
  states,
  openWhileSuspended = false,
  memberBanner = null,
  children,
}: {
  states: readonly AccountState[];
  openWhileSuspended?: boolean;
  /**
   * Shown above the page for members, and for a suspended member on a page open to them (the
   * failed-payment banner, app/layout/gated-outlet.tsx).
   */
  memberBanner?: ReactNode;
  children: ReactNode;
}) {
  const { state, account, accountError, retryAccount } = useAccountState();
  const auth = useAuth();
  const { user } = auth;
  // A user presumed from the SDK's storage (lib/auth.tsx) may have a session that ended: their kept
  // answers may show, but only the SDK's own answer sends anyone elsewhere (e.g. away from sign-in).
  const presumed = auth.status === 'ready' && auth.presumed === true;
  const navigate = useNavigate();
  // A suspended member (role 0 until the date) is not sent on to the payment or details pages: they
  // see why they cannot get in, calmly, wherever a gated page would have let them in before.
  const suspendedUntil =
    state !== 'Loading' && state !== 'MembershipComplete' && state !== 'ProfileComplete'
      ? (account?.suspendedUntil ?? null)
      : null;
  const allowed = suspendedUntil ? openWhileSuspended : states.includes(state);
  const target = state === 'Loading' || allowed || suspendedUntil || presumed ? null : routeForState[state];

  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);

  if (suspendedUntil && !allowed && !presumed) return <SuspendedNotice until={suspendedUntil} />;
  if (allowed) {
    return (
      <>
        {/* A suspended member on their open page still pays: a failed renewal is theirs to fix. */}
        {state === 'MembershipComplete' || state === 'ProfileComplete' || suspendedUntil
          ? memberBanner
          : null}
        {children}
        {user ? (
          <Suspense fallback={null}>
            <ReauthDialog />
          </Suspense>
        ) : null}
      </>
    );
  }
  if (state === 'Loading' && accountError) {
    return (
      <div
        css={css`
          max-width: 480px;
          margin: 64px auto;
          padding: 0 16px;
        `}
      >
        <FormMessage kind="error">{nl.common.accountLoadFailed}</FormMessage>
        <Button onClick={() => void retryAccount()}>{nl.common.retry}</Button>
      </div>
    );
  }
  return <LoadingScreen />;
}
