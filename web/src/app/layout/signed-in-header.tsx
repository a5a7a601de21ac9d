/**
 * The signed-in header of a member with a profile (spec 2): bell, chat button and account menu.
 * Loaded on demand, so visitors never download the Realtime Database or the community code.
 */
import { css } from '@emotion/react';
import { isModerator } from '@kring/contract/roles';
import { mq } from '../../components/ui/theme.ts';
import { AccountMenu } from '../../features/auth/components/account-menu.tsx';
import { ChatButton } from '../../features/chat/components/chat-button.tsx';
import { ModerationCount, ModerationMenuLink } from '../../features/moderation/moderation-count.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { HeaderSearch } from '../../features/search/search-box.tsx';
import { unreadCountOf, useRealtimeValue } from '../../hooks/use-realtime-value.ts';
import { useAccount, useAuth } from '../../lib/auth.tsx';

/**
 * A moderator's shield shows from a tablet's width on; on a phone the bar has no room for it beside
 * the search, the bell, the chat, the avatar and the menu button (at 375 px it ended at 391 px), so
 * it moves into the account menu there, with the same name and count.
 */
const fromMedium = css`
  display: none;
  ${mq.medium} {
    display: contents;
  }
`;

export default function SignedInHeader() {
  const { user } = useAuth();
  const notifications = useRealtimeValue(user ? `notifications/${user.uid}` : null);
  const moderator = isModerator(useAccount().data?.role);

  return (
    <div
      data-testid="signed-in-header"
      css={css`
        display: flex;
        align-items: center;
        gap: 4px;
      `}
    >
      <HeaderSearch crowded={moderator} />
      {moderator ? (
        <span css={fromMedium}>
          <ModerationCount />
        </span>
      ) : null}
      <NotificationBell unreadCount={unreadCountOf(notifications)} />
      {/* Reads chat/{uid} itself: a thread the member opens counts as read before the database says so. */}
      <ChatButton />
      <AccountMenu
        extraItem={
          moderator
            ? (itemCss, onClick) => <ModerationMenuLink itemCss={itemCss} onClick={onClick} />
            : undefined
        }
      />
    </div>
  );
}
