import { endpoint } from '../../endpoint.ts';
import { getReceipt } from '../billing/getReceipt.ts';
import { memberUid } from './admin-schemas.ts';

/** A member's factuur or creditnota as issued (PDF, base64), for the admin; another member's number is 404. */
export const getReceiptAdmin = endpoint({
  service: 'community',
  name: 'getReceiptAdmin',
  access: 'admin',
  session: 'recent',
  input: getReceipt.input.extend({ uid: memberUid }),
  output: getReceipt.output,
});
