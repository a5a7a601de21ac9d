import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

/** One member's page for the admin (nothing asked while `uid` is null); a new `version` asks again. */
export const useMember = (uid: string | null, version: number) =>
  useApi(uid ? `admin/member/${uid}/${version}` : null, () =>
    call('community', 'getMemberAdmin', { uid: uid ?? '' }),
  );
