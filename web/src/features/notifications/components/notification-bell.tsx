import type { Notification } from '@kring/contract';
import { type RefObject, useCallback, useRef } from 'react';
import { Link } from 'react-router-dom';
import { CountBubble } from '../../../components/ui/badge.tsx';
import { BellIcon, ErrorIcon } from '../../../components/ui/icons.tsx';
import { PanelHeader } from '../../../components/ui/panel-header.tsx';
import { Popover } from '../../../components/ui/popover.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { bareList, colors } from '../../../components/ui/theme.ts';
import { LINK_CLOSE_DELAY_MS } from '../../../lib/constants.ts';
import { paths } from '../../../lib/paths.ts';
import { nlNotifications } from '../../../messages/community.ts';
import { nl } from '../../../messages/nl.ts';
import { type BellReadAction, useBellReadState } from '../hooks/use-bell-read-state.ts';
import { useMarkSeen } from '../hooks/use-mark-seen.ts';
import { useOpeningList } from '../hooks/use-opening-list.ts';
import * as st from './notification-bell.styles.ts';
import { NotificationRow } from './notification-row.tsx';

/** Marks rows read in the cached list once useMarkSeen has marked them on the server. */
function useMarkedInCache(
  dispatch: (action: BellReadAction) => void,
  mutate: ReturnType<typeof useOpeningList>['mutate'],
) {
  return useCallback(
    (ids: number[], unreadCount: number) => {
      dispatch({ type: 'marked', unreadCount });
      const readAt = new Date().toISOString();
      void mutate(
        (current) =>
          current && {
            ...current,
            unreadCount,
            notifications: current.notifications.map((n) =>
              n.readAt === null && ids.includes(n.id) ? { ...n, readAt } : n,
            ),
          },
        { revalidate: false },
      );
    },
    [dispatch, mutate],
  );
}

/**
 * The list of an open popover. Each opening loads the list afresh; the unread rows the member sees
 * (in view of the list, not below it) are marked read, and keep their unread look until the popover
 * closes, so the member sees what is new.
 */
function NotificationList({
  close,
  unreadIds,
  dispatch,
  scrollRef,
}: {
  close: (options?: { restoreFocus?: boolean }) => void;
  /** What this opening's list showed as new (the bell's read state). */
  unreadIds: ReadonlySet<number> | null;
  dispatch: (action: BellReadAction) => void;
  scrollRef: RefObject<HTMLDivElement | null>;
}) {
  const { data, error, mutate } = useOpeningList(dispatch);
  useMarkSeen({
    root: scrollRef,
    unreadIds: data ? unreadIds : null,
    onMarked: useMarkedInCache(dispatch, mutate),
    onFailed: useCallback(() => dispatch({ type: 'markFailed' }), [dispatch]),
  });

  if (error && !data) {
    return (
      <div css={[st.centered, { color: colors.error }]} role="alert">
        <ErrorIcon size={32} />
        <p>{nlNotifications.failed}</p>
      </div>
    );
  }
  if (!data) {
    return (
      <div css={st.centered}>
        <Spinner />
      </div>
    );
  }
  if (data.notifications.length === 0) {
    return (
      <div css={st.centered}>
        <p>{nlNotifications.empty}</p>
      </div>
    );
  }
  // Until this opening's list is in, the cached one shows (its marked rows already read).
  const isUnread = (n: Notification) => n.readAt === null || (unreadIds?.has(n.id) ?? false);
  const newCount = data.notifications.filter(isUnread).length;
  return (
    <>
      {/* Spec 9: 'Nieuwe' in counts only above 0. */}
      {newCount > 0 ? <p css={st.newCount}>{nlNotifications.newCount(newCount)}</p> : null}
      <ul css={bareList}>
        {data.notifications.map((notification) => (
          <li key={notification.id}>
            <NotificationRow
              notification={notification}
              unread={isUnread(notification)}
              onNavigate={() => setTimeout(() => close(), LINK_CLOSE_DELAY_MS)}
            />
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The bell with the live unread count and the notification popover (spec 2). Opening it marks read
 * the notifications the member sees; what the bell shows meanwhile is use-bell-read-state.ts.
 */
export function NotificationBell({ unreadCount }: { unreadCount: number }) {
  const { state, dispatch, shown } = useBellReadState(unreadCount);
  const scrollRef = useRef<HTMLDivElement>(null);

  return (
    <Popover
      label={nl.account.notificationsLabel(shown)}
      onOpenChange={(open) => {
        if (open) dispatch({ type: 'opened' });
      }}
      trigger={
        <>
          <BellIcon />
          <CountBubble count={shown} />
        </>
      }
      panelCss={st.panel}
    >
      {(close) => (
        <>
          <PanelHeader
            title={nlNotifications.title}
            closeLabel={nl.common.close}
            onClose={() => close({ restoreFocus: true })}
            compact
          />
          <div ref={scrollRef} css={st.scroll}>
            <NotificationList
              close={close}
              unreadIds={state.shownAsNew}
              dispatch={dispatch}
              scrollRef={scrollRef}
            />
          </div>
          <Link
            to={paths.community.notifications}
            onClick={() => setTimeout(() => close(), LINK_CLOSE_DELAY_MS)}
            css={st.allLink}
          >
            {nlNotifications.all}
          </Link>
        </>
      )}
    </Popover>
  );
}
