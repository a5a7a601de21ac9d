import type { communityEndpoints } from '@kring/contract';
import type { Routes } from '../lib/handler.ts';
import { changeMemberRoleAdminHandler } from './changeMemberRoleAdmin.ts';
import { exportMembersAdminHandler } from './exportMembersAdmin.ts';
import { exportPaymentsAdminHandler } from './exportPaymentsAdmin.ts';
import { getMemberAdminHandler } from './getMemberAdmin.ts';
import { listAdminLogAdminHandler } from './listAdminLogAdmin.ts';
import { listMembersAdminHandler } from './listMembersAdmin.ts';

/** The admin's /beheer calls (in the contract's community service) and their handlers (docs/admin.md). */
export const adminRoutes = {
  changeMemberRoleAdmin: changeMemberRoleAdminHandler,
  exportMembersAdmin: exportMembersAdminHandler,
  exportPaymentsAdmin: exportPaymentsAdminHandler,
  getMemberAdmin: getMemberAdminHandler,
  listAdminLogAdmin: listAdminLogAdminHandler,
  listMembersAdmin: listMembersAdminHandler,
} satisfies Partial<Routes<typeof communityEndpoints>>;
