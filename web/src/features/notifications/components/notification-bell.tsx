import { css } from '@emotion/react';
import type { Notification } from '@kring/contract';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { CountBubble } from '../../../components/ui/badge.tsx';
import { BellIcon, ErrorIcon } from '../../../components/ui/icons.tsx';
import { PanelHeader } from '../../../components/ui/panel-header.tsx';
import { Popover } from '../../../components/ui/popover.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { bareList, colors, fontSize, mq, visuallyHidden } from '../../../components/ui/theme.ts';
import {
  LINK_CLOSE_DELAY_MS,
  NOTIFICATION_ROW_HEIGHT,
  POPOVER_HEIGHT,
  POPOVER_MAX_WIDTH,
} from '../../../lib/constants.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { nlNotifications } from '../../../messages/community.ts';
import { nl } from '../../../messages/nl.ts';
import { type BellReadAction, useBellReadState } from '../hooks/use-bell-read-state.ts';
import { useOpeningList } from '../hooks/use-opening-list.ts';

export { notificationsToMark } from '../hooks/use-opening-list.ts';

import { notificationHref, notificationText } from '../notification-text.ts';

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

const rowStyle = css`
  display: flex;
  gap: 10px;
  align-items: center;
  height: ${NOTIFICATION_ROW_HEIGHT}px;
  padding: 0 16px 0 8px;
  color: ${colors.text};
  text-decoration: none;
  overflow: hidden;
  border-bottom: 1px solid ${colors.border};
  &:hover {
    background: ${colors.hover};
  }
`;

/** At most `lines` lines, cut with an ellipsis: a row is 80 px high (spec 9) whatever the title. */
const clamp = (lines: number) => css`
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: ${lines};
  overflow: hidden;
  overflow-wrap: anywhere;
`;

/** The unread mark: a dot with 'Nieuw' for screen readers, so unread is not told by colour alone. */
function UnreadDot({ unread }: { unread: boolean }) {
  return (
    <span
      data-testid={unread ? 'unread-dot' : undefined}
      css={css`
        flex: none;
        width: 8px;
        height: 8px;
        border-radius: 50%;
        background: ${unread ? colors.accent : 'transparent'};
      `}
    >
      {unread ? <span css={visuallyHidden}>{`${nlNotifications.unreadLabel} `}</span> : null}
    </span>
  );
}

function NotificationRow({
  notification,
  unread,
  onNavigate,
}: {
  notification: Notification;
  unread: boolean;
  onNavigate: () => void;
}) {
  return (
    <Link
      to={notificationHref(notification)}
      onClick={onNavigate}
      data-unread={unread || undefined}
      css={[rowStyle, unread ? { background: colors.surface } : null]}
    >
      <UnreadDot unread={unread} />
      <Avatar url={notification.latestUser?.avatarUrl} name="" />
      <span
        css={css`
          display: flex;
          flex-direction: column;
          min-width: 0;
          font-size: ${fontSize.md};
          line-height: 1.35;
        `}
      >
        <span css={[clamp(2), { fontWeight: unread ? 700 : 400 }]}>{notificationText(notification)}</span>{' '}
        {/* The title gives way to the time, which always shows. */}
        <span
          css={css`
            display: flex;
            min-width: 0;
            color: ${colors.muted};
            white-space: nowrap;
          `}
        >
          <span
            css={css`
              overflow: hidden;
              text-overflow: ellipsis;
            `}
          >
            {notification.postTitle}
          </span>
          <span
            css={css`
              flex: none;
            `}
          >
            &nbsp;· {relativeTime(notification.updatedAt)}
          </span>
        </span>
      </span>
    </Link>
  );
}

/**
 * The list of an open popover. Each opening loads the list afresh and then marks the unread rows
 * read once; they keep their unread look until the popover closes, so the member sees what is new.
 */
function NotificationList({
  close,
  unreadIds,
  dispatch,
}: {
  close: (options?: { restoreFocus?: boolean }) => void;
  /** What this opening's list showed as new (the bell's read state). */
  unreadIds: ReadonlySet<number> | null;
  dispatch: (action: BellReadAction) => void;
}) {
  const { data, error } = useOpeningList(dispatch);

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
 * The bell with the live unread count and the notification popover (spec 2). Opening it marks the
 * notifications read; what the bell shows meanwhile is use-bell-read-state.ts.
 */
export function NotificationBell({ unreadCount }: { unreadCount: number }) {
  const { state, dispatch, shown } = useBellReadState(unreadCount);

  return (
    <Popover
      label={nl.account.notificationsLabel(shown)}
      onOpenChange={(open) => dispatch(open ? { type: 'opened', unreadCount } : { type: 'closed' })}
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
            css={css`
              flex: 1;
              overflow-y: auto;
            `}
          >
            <NotificationList close={close} unreadIds={state.shownAsNew} dispatch={dispatch} />
          </div>
        </>
      )}
    </Popover>
  );
}
