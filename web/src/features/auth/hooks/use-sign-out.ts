import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { clearDrafts } from '../../../lib/drafts.ts';
import { signOutUser } from '../../../lib/firebase.ts';
import { clearMemberCache } from '../../../lib/member-cache.ts';
import { clearPreloaded } from '../../../lib/preload.ts';
import { onboardingStore } from '../../../lib/storage.ts';
import { signOutSignal } from '../sign-out-signal.ts';
import { SIGN_OUT_FLAG } from './use-account-state.ts';

/** Everything in the SWR cache belongs to the user (CMS content has its own cache). */
const everyKey = () => true;

/**
 * Sign-out per spec 4: set the signOut flag (the state stays Loading), sign out, clear the cached
 * account, the onboarding state and every draft. The layout then leaves the flag (see useSignOutResolution).
 */
export function useSignOut() {
  const navigate = useNavigate();
  const location = useLocation();
  const { mutate } = useSWRConfig();

  return useCallback(async () => {
    signOutSignal.set(true);
    const flagged = new URLSearchParams(location.search);
    flagged.set(SIGN_OUT_FLAG, 'true');
    navigate({ pathname: location.pathname, search: `?${flagged}` }, { replace: true });
    try {
      await signOutUser();
    } catch (error) {
      // Spec 8: sign-out errors are only logged. Drop the flag so the page does not stay loading.
      console.error('sign-out failed', error);
      signOutSignal.set(false);
      flagged.delete(SIGN_OUT_FLAG);
      navigate({ pathname: location.pathname, search: flagged.size ? `?${flagged}` : '' }, { replace: true });
      return;
    }
    clearPreloaded();
    clearMemberCache();
    await mutate(everyKey, undefined, { revalidate: false });
    onboardingStore.clear();
    // Drafts stay on this computer only for the one who wrote them (lib/drafts.ts).
    clearDrafts();
  }, [location.pathname, location.search, mutate, navigate]);
}
