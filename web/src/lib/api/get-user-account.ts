import { call } from '../api.ts';
import { useApi } from '../use-api.ts';

/** The signed-in caller's account: spec 7's key 'user'; every other key in the cache is per user too. */
export const USER_KEY = 'user';

/** The account as SWR holds it (AccountLoader, for the AuthProvider). */
export const useUserAccount = () => useApi(USER_KEY, fetchUserAccount);

/** The call itself (also preloaded with a member page: app/layout/member-boot.ts). */
export const fetchUserAccount = () => call('community', 'getUserAccount', {});
