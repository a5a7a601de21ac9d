import { type ApiInput, call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

/** The member's payments with refunds and documents, for the admin's member page. */
export const useMemberPayments = (uid: string | null) =>
  useApi(uid ? `admin/member/${uid}/payments` : null, () =>
    call('community', 'listMemberPaymentsAdmin', { uid: uid ?? '' }),
  );

/** One of the member's documents as the PDF that was issued. */
export const getMemberReceipt = (uid: string, number: string) =>
  call('community', 'getReceiptAdmin', { uid, number });

/** Refunds part or all of a paid payment through Mollie; the same `requestId` never refunds twice. */
export const refundPayment = (input: ApiInput<'community', 'refundPaymentAdmin'>) =>
  call('community', 'refundPaymentAdmin', input);

/** Mails the member one of their documents again. */
export const resendReceipt = (input: ApiInput<'community', 'resendReceiptAdmin'>) =>
  call('community', 'resendReceiptAdmin', input);
