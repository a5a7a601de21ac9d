/**
 * The page with all notifications (/community/notificaties, 'Alle notificaties' in the popover): 20
 * a page on the API's cursor with 'Meer notificaties', each page its own SWR key, a notification
 * that moved to a later page in the meantime shown once. As in the popover, only the rows the
 * member has seen are marked read (use-mark-seen.ts), and they keep their unread look on this visit.
 */
import { css } from '@emotion/react';
import type { Notification } from '@kring/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { bareList, colors, fontSize } from '../../../components/ui/theme.ts';
import { nlNotifications } from '../../../messages/community.ts';
import { useNotificationPage } from '../api/list-notification-page.ts';
import { useMarkSeen } from '../hooks/use-mark-seen.ts';
import { NotificationRow } from './notification-row.tsx';

type Page = { notifications: Notification[]; nextCursor: string | null };

/** Loads one page and hands it up; renders nothing itself. */
function PageLoader({
  cursor,
  onPage,
  onError,
}: {
  cursor: string | null;
  onPage: (cursor: string | null, page: Page) => void;
  onError: (cursor: string | null, failed: boolean) => void;
}) {
  const { data, error } = useNotificationPage(cursor);
  useEffect(() => {
    if (data) onPage(cursor, data);
  }, [cursor, data, onPage]);
  useEffect(() => {
    onError(cursor, Boolean(error && !data));
  }, [cursor, error, data, onError]);
  return null;
}

/** The loaded pages in order, each notification once; complete when every page is in. */
function mergePages(cursors: (string | null)[], pages: Map<string | null, Page>) {
  const seen = new Set<number>();
  const list: Notification[] = [];
  let next: string | null = null;
  let all = true;
  for (const cursor of cursors) {
    const page = pages.get(cursor);
    if (!page) {
      all = false;
      break;
    }
    for (const n of page.notifications) {
      if (seen.has(n.id)) continue;
      seen.add(n.id);
      list.push(n);
    }
    next = page.nextCursor;
  }
  return { rows: list, nextCursor: next, complete: all };
}

/** 'Dit waren al je notificaties.' under the last page. */
const endStyle = css`
  margin: 16px 0 0;
  color: ${colors.muted};
  font-size: ${fontSize.md};
`;

export function AllNotifications() {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [pages, setPages] = useState<Map<string | null, Page>>(new Map());
  const [failed, setFailed] = useState(false);
  const [readHere, setReadHere] = useState<Set<number>>(new Set());
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);

  const onPage = useCallback((cursor: string | null, page: Page) => {
    setPages((all) => (all.get(cursor) === page ? all : new Map(all).set(cursor, page)));
  }, []);
  const onError = useCallback((_cursor: string | null, isFailed: boolean) => setFailed(isFailed), []);

  // The pages in order, each notification once (the first time it shows).
  const { rows, nextCursor, complete } = useMemo(() => mergePages(cursors, pages), [cursors, pages]);

  const unreadIds = useMemo(
    () => (complete ? new Set(rows.filter((n) => n.readAt === null).map((n) => n.id)) : null),
    [rows, complete],
  );
  useMarkSeen({
    root: null,
    unreadIds,
    onMarked: useCallback((ids: number[]) => setReadHere((r) => new Set([...r, ...ids])), []),
    onFailed: useCallback(() => {}, []),
  });

  // After 'Meer notificaties' the focus goes to the first new notification.
  useEffect(() => {
    if (focusFrom.current === null || !complete) return;
    const item = listRef.current?.children[focusFrom.current];
    focusFrom.current = null;
    item?.querySelector<HTMLElement>('a[href]')?.focus();
  }, [complete]);

  const loading = !complete && !failed;
  return (
    <section aria-busy={loading}>
      {rows.length === 0 && complete ? <p>{nlNotifications.empty}</p> : null}
      {rows.length > 0 ? (
        <ul ref={listRef} css={[bareList, { borderTop: `1px solid ${colors.border}` }]}>
          {rows.map((n) => (
            <li key={n.id}>
              <NotificationRow
                notification={n}
                unread={n.readAt === null || readHere.has(n.id)}
                variant="page"
              />
            </li>
          ))}
        </ul>
      ) : null}
      {cursors.map((cursor) => (
        <PageLoader key={cursor ?? ''} cursor={cursor} onPage={onPage} onError={onError} />
      ))}
      {loading ? <Spinner /> : null}
      {failed ? <FormMessage kind="error">{nlNotifications.failed}</FormMessage> : null}
      {complete && nextCursor ? (
        <div css={{ marginTop: 16 }}>
          <Button
            variant="secondary"
            onClick={() => {
              focusFrom.current = rows.length;
              setCursors((c) => (c.includes(nextCursor) ? c : [...c, nextCursor]));
            }}
          >
            {nlNotifications.more}
          </Button>
        </div>
      ) : null}
      {complete && !nextCursor && rows.length > 0 ? <p css={endStyle}>{nlNotifications.end}</p> : null}
    </section>
  );
}
