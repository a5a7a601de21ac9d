import { call } from '../../../lib/api.ts';

/** One of the member's documents as the PDF that was issued. */
export const getMemberReceipt = (uid: string, number: string) =>
  call('community', 'getReceiptAdmin', { uid, number });
