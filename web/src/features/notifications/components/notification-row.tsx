/**
 * One notification: the unread dot, the latest member's avatar, the sentence, the subject (the
 * post's title) on its own line and the time under it. In the popover the row is 80px (spec 9):
 * the sentence takes at most two lines and the subject one, cut with '…' only when it is longer
 * than the popover is wide; on the page with all notifications nothing is cut.
 */
import { css } from '@emotion/react';
import type { Notification } from '@kring/contract';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { colors, fontSize, visuallyHidden } from '../../../components/ui/theme.ts';
import { NOTIFICATION_ROW_HEIGHT } from '../../../lib/constants.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { nlNotifications } from '../../../messages/community.ts';
import { notificationHref, notificationText } from '../notification-text.ts';

const rowStyle = css`
  display: flex;
  gap: 10px;
  align-items: center;
  padding: 0 16px 0 8px;
  color: ${colors.text};
  text-decoration: none;
  overflow: hidden;
  border-bottom: 1px solid ${colors.border};
  &:hover {
    background: ${colors.hover};
  }
`;

const fixedHeight = css`
  height: ${NOTIFICATION_ROW_HEIGHT}px;
`;

const freeHeight = css`
  min-height: ${NOTIFICATION_ROW_HEIGHT}px;
  padding-top: 10px;
  padding-bottom: 10px;
`;

/** At most `lines` lines, cut with an ellipsis. */
const clamp = (lines: number) => css`
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: ${lines};
  overflow: hidden;
  overflow-wrap: anywhere;
`;

const oneLine = css`
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
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

export function NotificationRow({
  notification,
  unread,
  onNavigate,
  variant = 'popover',
}: {
  notification: Notification;
  unread: boolean;
  onNavigate?: () => void;
  variant?: 'popover' | 'page';
}) {
  const compact = variant === 'popover';
  return (
    <Link
      to={notificationHref(notification)}
      onClick={onNavigate}
      data-unread={unread || undefined}
      data-notification-id={notification.id}
      css={[rowStyle, compact ? fixedHeight : freeHeight, unread ? { background: colors.surface } : null]}
    >
      <UnreadDot unread={unread} />
      <Avatar url={notification.latestUser?.avatarUrl} name="" />
      <span
        css={css`
          display: flex;
          flex-direction: column;
          min-width: 0;
          flex: 1;
          font-size: ${fontSize.md};
          line-height: 1.3;
        `}
      >
        <span css={[compact ? clamp(2) : null, { fontWeight: unread ? 700 : 400 }]}>
          {notificationText(notification)}
        </span>{' '}
        {notification.postTitle ? (
          <span css={[compact ? oneLine : { overflowWrap: 'anywhere' }, { color: colors.text }]}>
            <span css={visuallyHidden}>{`${nlNotifications.about} `}</span>
            {notification.postTitle}
          </span>
        ) : null}{' '}
        <span
          css={css`
            color: ${colors.muted};
            font-size: ${fontSize.xs};
          `}
        >
          {relativeTime(notification.updatedAt)}
        </span>
      </span>
    </Link>
  );
}
