import { css } from '@emotion/react';
import type { Notification } from '@kring/contract';
import { type RefObject, useCallback, useRef } from 'react';
import { Link } from 'react-router-dom';
import { CountBubble } from '../../../components/ui/badge.tsx';
import { BellIcon, ErrorIcon } from '../../../components/ui/icons.tsx';
import { PanelHeader } from '../../../components/ui/panel-header.tsx';
import { Popover } from '../../../components/ui/popover.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { bareList, colors, fontSize, mq } from '../../../components/ui/theme.ts';
import { LINK_CLOSE_DELAY_MS, POPOVER_HEIGHT, POPOVER_MAX_WIDTH } from '../../../lib/constants.ts';
import { paths } from '../../../lib/paths.ts';
import { nlNotifications } from '../../../messages/community.ts';
import { nl } from '../../../messages/nl.ts';
import { type BellReadAction, useBellReadState } from '../hooks/use-bell-read-state.ts';
import { useMarkSeen } from '../hooks/use-mark-seen.ts';
import { useOpeningList } from '../hooks/use-opening-list.ts';
import { NotificationRow } from './notification-row.tsx';

const centered = css`
  display: flex;
  flex-direction: column;
  gap: 8px;
  align-items: center;
  justify-content: center;
  height: 100%;
  padding: 16px;
  text-align: center;
`;

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
    onMarked: useCallback(
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
    ),
    onFailed: useCallback(() => dispatch({ type: 'markFailed' }), [dispatch]),
  });

  if (error && !data) {
    return (
      <div css={[centered, { color: colors.error }]} role="alert">
        <ErrorIcon size={32} />
        <p>{nlNotifications.failed}</p>
      </div>
    );
  }
  if (!data) {
    return (
      <div css={centered}>
        <Spinner />
      </div>
    );
  }
  if (data.notifications.length === 0) {
    return (
      <div css={centered}>
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
      {newCount > 0 ? (
        <p
          css={css`
            margin: 0;
            padding: 6px 16px;
            font-size: ${fontSize.sm};
            font-weight: 700;
            color: ${colors.accent};
            border-bottom: 1px solid ${colors.border};
          `}
        >
          {nlNotifications.newCount(newCount)}
        </p>
      ) : null}
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
      panelCss={css`
        display: flex;
        flex-direction: column;
        height: ${POPOVER_HEIGHT}px;
        max-width: ${POPOVER_MAX_WIDTH}px;
        ${mq.small} {
          position: fixed;
          top: 64px;
          left: 8px;
          right: 8px;
          margin: 0 auto;
        }
        ${mq.medium} {
          width: ${POPOVER_MAX_WIDTH}px;
          right: -96px;
        }
      `}
    >
      {(close) => (
        <>
          <PanelHeader
            title={nlNotifications.title}
            closeLabel={nl.common.close}
            onClose={() => close({ restoreFocus: true })}
            compact
          />
          <div
            ref={scrollRef}
            css={css`
              flex: 1;
              overflow-y: auto;
            `}
          >
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
            css={css`
              display: flex;
              align-items: center;
              justify-content: center;
              min-height: 44px;
              border-top: 1px solid ${colors.border};
              font-size: ${fontSize.md};
              font-weight: 600;
              color: ${colors.primary};
            `}
          >
            {nlNotifications.all}
          </Link>
        </>
      )}
    </Popover>
  );
}
