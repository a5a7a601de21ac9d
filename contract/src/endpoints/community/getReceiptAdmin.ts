import { getReceipt } from '../billing/getReceipt.ts';
import { adminEndpoint, memberUid } from './admin-schemas.ts';

/** A member's factuur or creditnota as issued (PDF, base64), for the admin; another member's number is 404. */
export const getReceiptAdmin = adminEndpoint({
  name: 'getReceiptAdmin',
  input: getReceipt.input.extend({ uid: memberUid }),
  output: getReceipt.output,
});
