import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { FormMessage } from '../../components/ui/form-message.tsx';
import { nlAdmin as t } from '../../messages/admin.ts';
import { nl } from '../../messages/nl.ts';

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
  /** Loads the page after `cursor` (null: the first); true once its rows are shown. */
  load: (cursor: string | null) => Promise<boolean>;
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
        if (query.current !== fetchPage) return false;
        setItems((old) => [...(cursor ? (old ?? []) : []), ...page.items]);
        setNext(page.nextCursor);
        setFailed(false);
        return true;
      } catch {
        if (query.current === fetchPage) setFailed(true);
        return false;
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

/**
 * The list's error line, its rows (once loaded) and the 'Meer laden' button while there is more.
 * A failed first page gets 'Opnieuw proberen' (it asks for the first page again); when the rows come,
 * focus moves from that button (now gone) to them, and a failure again is announced again.
 */
export function PagedListView<T>({
  list,
  children,
}: {
  list: PagedList<T>;
  children: (items: T[]) => ReactNode;
}) {
  const { items, next, failed, load } = list;
  const rows = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  const busy = useRef(false);
  /**
   * A retry is under way: its rows take the focus the button had when they render (the button goes
   * with them); focus the admin moved elsewhere meanwhile (e.g. into the search field) stays there.
   */
  const focusRows = useRef(false);
  useEffect(() => {
    if (!items || !focusRows.current) return;
    focusRows.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) rows.current?.focus();
  }, [items]);
  const retry = async () => {
    if (busy.current) return; // not `disabled`: that would drop the keyboard focus from the button
    busy.current = true;
    focusRows.current = true;
    const shown = await load(null);
    busy.current = false;
    if (!shown) {
      focusRows.current = false;
      setAttempt((n) => n + 1);
    }
  };
  return (
    <>
      {failed ? (
        <FormMessage key={attempt} kind="error">
          {t.failed}
        </FormMessage>
      ) : null}
      {failed && !items ? (
        <Button variant="secondary" onClick={() => void retry()}>
          {nl.common.retry}
        </Button>
      ) : null}
      <div ref={rows} tabIndex={-1}>
        {items ? children(items) : null}
      </div>
      {next ? (
        <Button variant="secondary" onClick={() => void load(next)}>
          {t.more}
        </Button>
      ) : null}
    </>
  );
}
