import { call } from '../../../lib/api.ts';

/** One of the member's own facturen or creditnota's, as the PDF that was issued. */
export const getReceipt = (number: string) => call('billing', 'getReceipt', { number });
