import { type ApiOutput, call } from '../../../lib/api.ts';
import type { Order } from './cache.ts';

export type MembersPage = ApiOutput<'community', 'listUsers'>;

/** Members per page: the API's default. */
export const MEMBERS_PAGE_SIZE = 20;

/** One page of the members list: `users/{order}/{cursor}` (empty cursor = page 1). */
export const membersPageKey = (order: Order, cursor: string | null) => `users/${order}/${cursor ?? ''}`;

/** The SWR key and fetcher of one page of the members list. */
export const membersPage = (order: Order, cursor: string | null) => ({
  key: membersPageKey(order, cursor),
  fetch: () => call('community', 'listUsers', { order, pageSize: MEMBERS_PAGE_SIZE, cursor }),
});
