import { type ApiInput, call } from '../../../lib/api.ts';

/** Refunds part or all of a paid payment through Mollie; the same `requestId` never refunds twice. */
export const refundPayment = (input: ApiInput<'community', 'refundPaymentAdmin'>) =>
  call('community', 'refundPaymentAdmin', input);
