import type { SearchKind } from '@kring/contract';
import { call } from '../../../lib/api.ts';

/** Search results per page. */
export const SEARCH_PAGE_SIZE = 20;

/** One page of search results for a query and a tab (kind); `cursor` null is the first page. */
export const searchPage = (q: string, kind: SearchKind, cursor: string | null) =>
  call('community', 'search', { q, kind, cursor, pageSize: SEARCH_PAGE_SIZE });
