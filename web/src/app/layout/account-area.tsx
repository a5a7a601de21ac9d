import { css } from '@emotion/react';
import { lazy, Suspense } from 'react';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { mq } from '../../components/ui/theme.ts';
import { accountAreaFor, routeForState } from '../../features/auth/account-state.ts';
import { useAccountState } from '../../features/auth/hooks/use-account-state.ts';
import { paths } from '../../lib/paths.ts';
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

/** The header's account area in its four states (spec 2). */
export function AccountArea() {
  const { state, account } = useAccountState();
  const area = accountAreaFor(state);

  if (area === 'loading') {
    return (
      <div css={row} data-testid="account-area-loading">
        <Spinner size={20} />
      </div>
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
  return (
    <div css={row}>
      <ButtonLink to={paths.auth.signIn} variant="ghost" size="compact">
        {nl.account.signIn}
      </ButtonLink>
      <ButtonLink to={paths.onboarding.personalDetails} size="compact">
        {nl.account.join}
      </ButtonLink>
    </div>
  );
}
