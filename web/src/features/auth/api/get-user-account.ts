import { useEffect } from 'react';
import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';
import { useAuth } from '../hooks/use-auth.tsx';

/** SWR key of the signed-in user's account (spec 7). */
export const USER_KEY = 'user';

/** The uid the account was last loaded for, shared by every hook instance (undefined: not seen yet). */
let loadedFor: string | null | undefined;

/** The account (role, profile, membership); loads only while someone is signed in. */
export function useUserAccount() {
  const { user } = useAuth();
  const swr = useApi(user ? USER_KEY : null, () => call('community', 'getUserAccount', {}));
  const uid = user?.uid ?? null;
  const { mutate } = swr;
  useEffect(() => {
    // Sign-out clears the cached account without refetching, and SWR's request de-duplication can then
    // swallow the fetch of the next sign-in: reload explicitly whenever a different user signs in.
    const previous = loadedFor;
    loadedFor = uid;
    if (uid && previous !== undefined && previous !== uid) void mutate();
    // The loader unmounts at sign-out: the next sign-in, even of the same user, must reload.
    return () => {
      loadedFor = null;
    };
  }, [uid, mutate]);
  return swr;
}
