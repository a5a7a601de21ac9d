import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../lib/paths.ts';
import { signOutSignal } from '../sign-out-signal.ts';
import { SIGN_OUT_FLAG, useAccountState } from './use-account-state.ts';

/**
 * Ends a sign-out once Firebase reports nobody signed in: a page that requires an account state
 * goes to / (spec 2), any other page stays and just loses the flag. The sign-out counts as done
 * only when the browser is there, so no page sees a half-finished sign-out as 'Blank'.
 */
export function useSignOutResolution(pageRequiresAccountState: boolean) {
  const { signOutPending, auth } = useAccountState();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const signedOut = auth.status === 'ready' && auth.user === null;

  useEffect(() => {
    if (!signOutPending || !signedOut) return;
    const params = new URLSearchParams(search);
    params.delete(SIGN_OUT_FLAG);
    const target = pageRequiresAccountState ? paths.home : `${pathname}${params.size ? `?${params}` : ''}`;
    if (`${pathname}${search}` === target) signOutSignal.set(false);
    else navigate(target, { replace: true });
  }, [signOutPending, signedOut, pageRequiresAccountState, navigate, pathname, search]);
}
