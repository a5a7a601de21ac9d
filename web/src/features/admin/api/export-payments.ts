import { callFile } from '../../../lib/api.ts';

/** /beheer/export: one month's facturen and creditnota's as CSV ('YYYY-MM'). */
export const exportPayments = (month: string) => callFile('community', 'exportPaymentsAdmin', { month });
