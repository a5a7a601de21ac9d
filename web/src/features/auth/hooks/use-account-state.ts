import { useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAccount, useAuth } from '../../../lib/auth.tsx';
import { onboardingStore, useLocalStore } from '../../../lib/storage.ts';
import { deriveAccountState } from '../account-state.ts';
import { signOutSignal } from '../sign-out-signal.ts';

export const SIGN_OUT_FLAG = 'signOut';

/** The current account state (spec 4) from the Firebase user, onboardingState and getUserAccount. */
export function useAccountState() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const signingOut = useSyncExternalStore(signOutSignal.subscribe, signOutSignal.get, signOutSignal.get);
  const signOutPending = signingOut || params.get(SIGN_OUT_FLAG) === 'true';
  const onboarding = useLocalStore(onboardingStore);
  const account = useAccount();
  const state = deriveAccountState({
    signOutPending,
    auth,
    onboardingComplete: onboarding?.isComplete === true,
    account: account.data,
  });
  return {
    state,
    auth,
    signOutPending,
    account: account.data,
    accountError: account.error,
    retryAccount: account.refresh,
  };
}
