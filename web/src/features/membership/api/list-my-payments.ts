import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

export const MY_PAYMENTS_KEY = 'billing/payments';

/** The signed-in member's own payments, newest first, with their facturen and creditnota's. */
export const useMyPayments = () => useApi(MY_PAYMENTS_KEY, fetchMyPayments);

/** The call itself (also preloaded with the page: app/layout/member-boot.ts). */
export const fetchMyPayments = () => call('billing', 'listMyPayments', {});
