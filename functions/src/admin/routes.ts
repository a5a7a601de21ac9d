import type { communityEndpoints } from '@kring/contract';
import type { Routes } from '../lib/handler.ts';
import { changeMemberRoleAdminHandler } from './changeMemberRoleAdmin.ts';
import { endCompMembershipAdminHandler } from './endCompMembershipAdmin.ts';
import { exportMembersAdminHandler } from './exportMembersAdmin.ts';
import { exportPaymentsAdminHandler } from './exportPaymentsAdmin.ts';
import { getMemberAdminHandler } from './getMemberAdmin.ts';
import { getOverviewAdminHandler } from './getOverviewAdmin.ts';
import { getReceiptAdminHandler } from './getReceiptAdmin.ts';
import { grantCompMembershipAdminHandler } from './grantCompMembershipAdmin.ts';
import { listAdminLogAdminHandler } from './listAdminLogAdmin.ts';
import { listMemberPaymentsAdminHandler } from './listMemberPaymentsAdmin.ts';
import { listMembersAdminHandler } from './listMembersAdmin.ts';
import { refundPaymentAdminHandler } from './refundPaymentAdmin.ts';
import { resendReceiptAdminHandler } from './resendReceiptAdmin.ts';

/** The admin's /beheer calls (in the contract's community service) and their handlers (docs/admin.md). */
export const adminRoutes = {
  changeMemberRoleAdmin: changeMemberRoleAdminHandler,
  endCompMembershipAdmin: endCompMembershipAdminHandler,
  exportMembersAdmin: exportMembersAdminHandler,
  exportPaymentsAdmin: exportPaymentsAdminHandler,
  getMemberAdmin: getMemberAdminHandler,
  getOverviewAdmin: getOverviewAdminHandler,
  getReceiptAdmin: getReceiptAdminHandler,
  grantCompMembershipAdmin: grantCompMembershipAdminHandler,
  listAdminLogAdmin: listAdminLogAdminHandler,
  listMemberPaymentsAdmin: listMemberPaymentsAdminHandler,
  listMembersAdmin: listMembersAdminHandler,
  refundPaymentAdmin: refundPaymentAdminHandler,
  resendReceiptAdmin: resendReceiptAdminHandler,
} satisfies Partial<Routes<typeof communityEndpoints>>;
