import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

/** The member's payments with refunds and documents, for the admin's member page. */
export const useMemberPayments = (uid: string | null) =>
  useApi(uid ? `admin/member/${uid}/payments` : null, () =>
    call('community', 'listMemberPaymentsAdmin', { uid: uid ?? '' }),
  );
