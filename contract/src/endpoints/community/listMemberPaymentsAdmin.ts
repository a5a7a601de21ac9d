import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { paymentHistoryItem } from '../billing/listMyPayments.ts';
import { memberUid } from './admin-schemas.ts';

/** /beheer/leden/:uid: every payment of the member, newest first, with its refunds and documents. */
export const listMemberPaymentsAdmin = endpoint({
  service: 'community',
  name: 'listMemberPaymentsAdmin',
  access: 'admin',
  session: 'recent',
  input: z.object({ uid: memberUid }),
  output: z.object({ payments: z.array(paymentHistoryItem) }),
});
