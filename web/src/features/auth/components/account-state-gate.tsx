import { css } from '@emotion/react';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { LoadingScreen } from '../../../components/ui/spinner.tsx';
import { nl } from '../../../messages/nl.ts';
import { type AccountState, routeForState } from '../account-state.ts';
import { useAccountState } from '../hooks/use-account-state.ts';

/**
 * Renders `children` only in one of `states`. In any other settled state it redirects to that
 * state's route (spec 4) and shows the loading screen meanwhile; while Loading it just waits.
 */
export function AccountStateGate({
  states,
  children,
}: {
  states: readonly AccountState[];
  children: ReactNode;
}) {
  const { state, accountError, retryAccount } = useAccountState();
  const navigate = useNavigate();
  const allowed = states.includes(state);
  const target = state === 'Loading' || allowed ? null : routeForState[state];

  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);

  if (allowed) return children;
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
