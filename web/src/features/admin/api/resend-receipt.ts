import { type ApiInput, call } from '../../../lib/api.ts';

/** Mails the member one of their documents again. */
export const resendReceipt = (input: ApiInput<'community', 'resendReceiptAdmin'>) =>
  call('community', 'resendReceiptAdmin', input);
