import type { communityEndpoints } from '@kring/contract';
import type { Routes } from '../lib/handler.ts';
import { changeMemberRoleAdminHandler } from './changeMemberRoleAdmin.ts';
import { getMemberAdminHandler } from './getMemberAdmin.ts';
import { getOverviewAdminHandler } from './getOverviewAdmin.ts';
import { listAdminLogAdminHandler } from './listAdminLogAdmin.ts';
import { listMembersAdminHandler } from './listMembersAdmin.ts';

/** The admin's /beheer calls (in the contract's community service) and their handlers (docs/admin.md). */
export const adminRoutes = {
  changeMemberRoleAdmin: changeMemberRoleAdminHandler,
  getMemberAdmin: getMemberAdminHandler,
  getOverviewAdmin: getOverviewAdminHandler,
  listAdminLogAdmin: listAdminLogAdminHandler,
  listMembersAdmin: listMembersAdminHandler,
} satisfies Partial<Routes<typeof communityEndpoints>>;
