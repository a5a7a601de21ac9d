import { type ApiOutput, call } from '../../../lib/api.ts';
import type { Order } from './cache.ts';

export type MembersPage = ApiOutput<'community', 'listUsers'>;

/** Members per page: the API's default. */
export const MEMBERS_PAGE_SIZE = 20;

/** The order in the address, so a reload or the back button keeps it: /community/leden?sorteer=punten */
export const MEMBERS_ORDER_PARAM = 'sorteer';
export const POINTS_VALUE = 'punten';

/** The members list's order from its address. */
export const membersOrderOf = (search: URLSearchParams): Order =>
  search.get(MEMBERS_ORDER_PARAM) === POINTS_VALUE ? 'points' : 'createdAt';

/** One page of the members list: `users/{order}/{cursor}` (empty cursor = page 1). */
export const membersPageKey = (order: Order, cursor: string | null) => `users/${order}/${cursor ?? ''}`;

/** The SWR key and fetcher of one page of the members list. */
export const membersPage = (order: Order, cursor: string | null) => ({
  key: membersPageKey(order, cursor),
  fetch: () => call('community', 'listUsers', { order, pageSize: MEMBERS_PAGE_SIZE, cursor }),
});
