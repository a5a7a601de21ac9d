import { type ApiOutput, call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';
import type { Order } from './cache.ts';

export type MembersPage = ApiOutput<'community', 'listUsers'>;

/** Members per page: the API's default. */
export const MEMBERS_PAGE_SIZE = 20;

/** One page of the members list: `users/{order}/{cursor}` (empty cursor = page 1). */
export const membersPageKey = (order: Order, cursor: string | null) => `users/${order}/${cursor ?? ''}`;

export const useMembersPage = (order: Order, cursor: string | null) =>
  useApi(membersPageKey(order, cursor), () =>
    call('community', 'listUsers', { order, pageSize: MEMBERS_PAGE_SIZE, cursor }),
  );
