import type { billingEndpoints } from '@kring/contract';
import type { Routes } from '../lib/handler.ts';
import { getReceiptHandler, listMyPaymentsHandler } from './invoices/handlers.ts';
import { listPlansHandler } from './plans/handlers.ts';
import { switchPlanHandler } from './plans/switch-plan.ts';

/** Plans, payment history and receipts (docs/payments.md "Plans", "Invoices"). */
export const billingRoutes: Routes<typeof billingEndpoints> = {
  getReceipt: getReceiptHandler,
  listMyPayments: listMyPaymentsHandler,
  listPlans: listPlansHandler,
  switchPlan: switchPlanHandler,
};
