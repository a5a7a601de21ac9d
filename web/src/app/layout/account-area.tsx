import { css, type SerializedStyles } from '@emotion/react';
import { lazy, Suspense } from 'react';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { mq } from '../../components/ui/theme.ts';
import { accountAreaFor, routeForState } from '../../features/auth/account-state.ts';
import { useAccountState } from '../../features/auth/hooks/use-account-state.ts';
import { paths } from '../../lib/paths.ts';
import { SESSION_CLASS } from '../../lib/session-hint.ts';
import { nl } from '../../messages/nl.ts';

const SignedInHeader = lazy(() => import('./signed-in-header.tsx'));
const IncompleteAccountArea = lazy(() => import('./incomplete-account-area.tsx'));

const row = css`
  display: flex;
  align-items: center;
  gap: 4px;
  ${mq.medium} {
    gap: 8px;
  }
`;

const sessionOnly = css`
  html:not(.${SESSION_CLASS}) & {
    display: none;
  }
`;
const visitorOnly = css`
  html.${SESSION_CLASS} & {
    display: none;
  }
`;

function VisitorLinks({ extra }: { extra?: SerializedStyles }) {
  return (
    <div css={[row, extra]}>
      <ButtonLink to={paths.auth.signIn} variant="ghost" size="compact">
        {nl.account.signIn}
      </ButtonLink>
      <ButtonLink to={paths.onboarding.personalDetails} size="compact">
        {nl.account.join}
      </ButtonLink>
    </div>
  );
}

/** The header's account area in its four states (spec 2). */
export function AccountArea() {
  const { state, account } = useAccountState();
  const area = accountAreaFor(state);

  if (area === 'loading') {
    // Until the auth SDK answers: the spinner where a session may exist, 'Inloggen' and 'Lid worden'
    // for a visitor (app/boot.ts marks <html>; a visitor's public page never loads the SDK).
    return (
      <>
        <div css={[row, sessionOnly]} data-testid="account-area-loading">
          <Spinner size={20} />
        </div>
        <VisitorLinks extra={visitorOnly} />
      </>
    );
  }
  if (area === 'member') {
    return (
      <Suspense fallback={<Spinner size={20} />}>
        <SignedInHeader />
      </Suspense>
    );
  }
  if (area === 'incomplete' && state !== 'Loading') {
    // Where to go on, and 'Uitloggen' (issue 23: a half-registered person could not sign out). A
    // suspended member (role None until the date) has nothing to complete: their one page is the
    // membership page (the suspension on top, cancelling, export, deletion).
    const suspended = account?.suspendedUntil;
    return (
      <Suspense fallback={<Spinner size={20} />}>
        <IncompleteAccountArea
          to={suspended ? paths.account.membership : routeForState[state]}
          label={suspended ? nl.account.membership : nl.account.completeProfile}
        />
      </Suspense>
    );
  }
  return <VisitorLinks />;
}
