import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

/** One member's page for the admin (nothing asked while `uid` is null); `mutate()` asks again after a change. */
export const useMember = (uid: string | null) =>
  useApi(uid ? `admin/member/${uid}` : null, () => call('community', 'getMemberAdmin', { uid: uid ?? '' }));
