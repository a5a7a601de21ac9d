/**
 * The member's sort choice for posts and for comments (spec 9): by time by default, kept in the
 * browser under sharedSortOrder/posts and sharedSortOrder/comments, and an analytics event
 * (COMMUNITY_POST_ORDER, COMMUNITY_COMMENT_ORDER) when the member changes it.
 */
import { useCallback } from 'react';
import { track } from '../../../lib/analytics.ts';
import { createLocalStore, useLocalStore } from '../../../lib/storage.ts';
import type { Order } from '../api/cache.ts';

const parseOrder = (raw: unknown): Order | null => (raw === 'points' || raw === 'createdAt' ? raw : null);

const stores = {
  posts: createLocalStore<Order>('sharedSortOrder/posts', parseOrder),
  comments: createLocalStore<Order>('sharedSortOrder/comments', parseOrder),
};
const events = { posts: 'COMMUNITY_POST_ORDER', comments: 'COMMUNITY_COMMENT_ORDER' } as const;

export const DEFAULT_ORDER: Order = 'createdAt';

/** The stored choice, outside React (a page's data preloaded with its code: member-boot.ts). */
export const storedOrder = (what: 'posts' | 'comments'): Order => stores[what].get() ?? DEFAULT_ORDER;

export function useSortOrder(what: 'posts' | 'comments'): [Order, (order: Order) => void] {
  const store = stores[what];
  const order = useLocalStore(store) ?? DEFAULT_ORDER;
  const setOrder = useCallback(
    (next: Order) => {
      if (next === (store.get() ?? DEFAULT_ORDER)) return;
      store.set(next);
      track(events[what], { order: next });
    },
    [store, what],
  );
  return [order, setOrder];
}
