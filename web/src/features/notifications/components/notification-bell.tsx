import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { CountBubble } from '../../../components/ui/badge.tsx';
import { BellIcon, ErrorIcon } from '../../../components/ui/icons.tsx';
import { PanelHeader } from '../../../components/ui/panel-header.tsx';
import { Popover } from '../../../components/ui/popover.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { bareList, colors, mq } from '../../../components/ui/theme.ts';
import {
  LINK_CLOSE_DELAY_MS,
  NOTIFICATION_ROW_HEIGHT,
  POPOVER_HEIGHT,
  POPOVER_MAX_WIDTH,
} from '../../../lib/constants.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { nlNotifications } from '../../../messages/community.ts';
import { nl } from '../../../messages/nl.ts';
import { useNotifications } from '../api/list-notifications.ts';
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

function NotificationList({ close }: { close: (options?: { restoreFocus?: boolean }) => void }) {
  const { data, error } = useNotifications(true);
  if (error) {
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
  return (
    <ul css={bareList}>
      {data.notifications.map((notification) => (
        <li key={notification.id}>
          <Link
            to={notificationHref(notification)}
            onClick={() => setTimeout(() => close(), LINK_CLOSE_DELAY_MS)}
            css={css`
              display: flex;
              gap: 12px;
              align-items: center;
              height: ${NOTIFICATION_ROW_HEIGHT}px;
              padding: 0 16px;
              color: ${colors.text};
              text-decoration: none;
              overflow: hidden;
              background: ${notification.readAt ? 'transparent' : colors.surface};
              border-bottom: 1px solid ${colors.border};
              &:hover {
                background: #ece8e1;
              }
            `}
          >
            <Avatar url={notification.latestUser?.avatarUrl} name="" />
            <span
              css={css`
                display: flex;
                flex-direction: column;
                font-size: 14px;
              `}
            >
              <span>{notificationText(notification)}</span>
              <span
                css={css`
                  color: ${colors.muted};
                `}
              >
                {notification.postTitle} · {relativeTime(notification.updatedAt)}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The bell with the live unread count and the notification popover (spec 2). */
export function NotificationBell({ unreadCount }: { unreadCount: number }) {
  return (
    <Popover
      label={nl.account.notificationsLabel(unreadCount)}
      trigger={
        <>
          <BellIcon />
          <CountBubble count={unreadCount} />
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
            <NotificationList close={close} />
          </div>
        </>
      )}
    </Popover>
  );
}
