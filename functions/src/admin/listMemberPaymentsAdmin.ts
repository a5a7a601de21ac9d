import type { listMemberPaymentsAdmin } from '@kring/contract';
import type { Handler } from '../lib/handler.ts';
import { paymentHistory } from '../subscription/invoices/handlers.ts';

/** The member's payments as their own history shows them (status, refunds, documents), for the admin. */
export const listMemberPaymentsAdminHandler: Handler<typeof listMemberPaymentsAdmin> = async (
  { db },
  { uid },
) => ({ payments: (await paymentHistory(db, uid)).items });
