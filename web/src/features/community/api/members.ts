import { type ApiOutput, call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';

/** Members sort by karma points or newest first (spec 3). */
export type MemberOrder = 'points' | 'createdAt';
export type MembersPage = ApiOutput<'community', 'listUsers'>;

/** Members per page: the API's default. */
export const MEMBERS_PAGE_SIZE = 20;

/** One page of the members list: `users/{order}/{cursor}` (empty cursor = page 1). */
export const membersPageKey = (order: MemberOrder, cursor: string | null) => `users/${order}/${cursor ?? ''}`;

export const useMembersPage = (order: MemberOrder, cursor: string | null) =>
  useApi(membersPageKey(order, cursor), () =>
    call('community', 'listUsers', { order, pageSize: MEMBERS_PAGE_SIZE, cursor }),
  );
