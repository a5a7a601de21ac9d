import useSWR from 'swr';
import { call } from '../../../lib/api.ts';
import { useAuth } from '../hooks/use-auth.tsx';

/** SWR key of the signed-in user's account (spec 7). */
export const USER_KEY = 'user';

/** The account (role, profile, membership); loads only while someone is signed in. */
export function useUserAccount() {
  const { user } = useAuth();
  return useSWR(user ? USER_KEY : null, () => call('community', 'getUserAccount', {}));
}
