/**
 * Paging with the API's cursor, one SWR key per page (cache.ts: a write must reach every page).
 * The list keeps the cursors it asked for; `tail` is the last page (same key as the PageChain's
 * last page, so SWR asks once), whose `nextCursor` says whether there is more.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { SWRConfiguration } from 'swr';
import { useApi } from '../../../lib/use-api.ts';

export interface PageSource<P> {
  key: string;
  fetch: () => Promise<P>;
  /** SWR options of every hook reading this page (the post lists do not revalidate on focus). */
  options?: SWRConfiguration<P>;
}

/** A page's own `nextCursor`; an answer that pages several lists says where each goes on instead. */
const ownNextCursor = (page: unknown) => (page as { nextCursor?: string | null }).nextCursor ?? null;

export function useCursorPages<P>(
  page: (cursor: string | null) => PageSource<P>,
  nextCursorOf: (page: P) => string | null = ownNextCursor,
) {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const last = cursors[cursors.length - 1] ?? null;
  const source = page(last);
  const tail = useApi(source.key, source.fetch, source.options);
  const nextCursor = tail.data === undefined ? null : nextCursorOf(tail.data);
  const loadMore = useCallback(() => {
    if (nextCursor === null) return;
    // A cursor already asked for would show its page twice (a double click, a late observer).
    setCursors((asked) => (asked.includes(nextCursor) ? asked : [...asked, nextCursor]));
  }, [nextCursor]);
  return {
    cursors,
    /** The last page asked for: loading, failed, or loaded. */
    tail,
    /** Loading a page after the first. */
    loadingMore: cursors.length > 1 && tail.data === undefined && tail.error === undefined,
    hasMore: nextCursor !== null,
    loadMore,
  };
}

/**
 * After "Meer laden" (or "Meer onderwerpen") the button goes away while the page loads, so focus
 * moves to the first new item's link when it arrives (or to `fallback` when nothing new came).
 * Call `remember()` just before loading more; `loaded` is the last page's data.
 */
export function useFocusFirstNew(
  list: RefObject<HTMLElement | null>,
  loaded: unknown,
  fallback?: RefObject<HTMLElement | null>,
) {
  const from = useRef<number | null>(null);
  useEffect(() => {
    const index = from.current;
    if (index === null || loaded === undefined) return;
    from.current = null;
    const item = list.current?.children[index];
    (item?.querySelector<HTMLElement>('a[href]') ?? fallback?.current)?.focus();
  }, [loaded, list, fallback]);
  return useCallback(() => {
    from.current = list.current?.children.length ?? null;
  }, [list]);
}
