import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { FormMessage } from '../../components/ui/form-message.tsx';
import { nlAdmin as t } from '../../messages/admin.ts';

/** One page of a cursor-paged admin list. */
export interface AdminPage<T> {
  items: T[];
  nextCursor: string | null;
}

/** A cursor-paged admin list: the rows so far, the next cursor and whether the last load failed. */
export interface PagedList<T> {
  items: T[] | null;
  next: string | null;
  failed: boolean;
  load: (cursor: string | null) => Promise<void>;
}

/**
 * Loads the first page when `enabled` (and again whenever `fetchPage` changes, for a new query),
 * then appends each next page. `fetchPage` must be stable between renders (useCallback). An answer
 * that arrives after the query changed (a new filter or search) is dropped, never mixed in.
 */
export function usePagedList<T>(
  enabled: boolean,
  fetchPage: (cursor: string | null) => Promise<AdminPage<T>>,
): PagedList<T> {
  const [items, setItems] = useState<T[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const query = useRef(fetchPage);
  const load = useCallback(
    async (cursor: string | null) => {
      try {
        const page = await fetchPage(cursor);
        if (query.current !== fetchPage) return;
        setItems((old) => [...(cursor ? (old ?? []) : []), ...page.items]);
        setNext(page.nextCursor);
        setFailed(false);
      } catch {
        if (query.current === fetchPage) setFailed(true);
      }
    },
    [fetchPage],
  );
  useEffect(() => {
    query.current = fetchPage;
    if (enabled) void load(null);
  }, [enabled, load, fetchPage]);
  return { items, next, failed, load };
}

/** The list's error line, its rows (once loaded) and the 'Meer laden' button while there is more. */
export function PagedListView<T>({
  list,
  children,
}: {
  list: PagedList<T>;
  children: (items: T[]) => ReactNode;
}) {
  const { items, next, failed, load } = list;
  return (
    <>
      {failed ? <FormMessage kind="error">{t.failed}</FormMessage> : null}
      {items ? children(items) : null}
      {next ? (
        <Button variant="secondary" onClick={() => void load(next)}>
          {t.more}
        </Button>
      ) : null}
    </>
  );
}
