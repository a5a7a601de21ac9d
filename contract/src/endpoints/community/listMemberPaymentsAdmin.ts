import { z } from 'zod';
import { paymentHistoryItem } from '../billing/listMyPayments.ts';
import { adminEndpoint, memberUid } from './admin-schemas.ts';

/** /beheer/leden/:uid: every payment of the member, newest first, with its refunds and documents. */
export const listMemberPaymentsAdmin = adminEndpoint({
  name: 'listMemberPaymentsAdmin',
  input: z.object({ uid: memberUid }),
  output: z.object({ payments: z.array(paymentHistoryItem) }),
});
