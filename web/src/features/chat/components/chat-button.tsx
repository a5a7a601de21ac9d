import { css } from '@emotion/react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { CountBubble, RoleBadge } from '../../../components/ui/badge.tsx';
import { IconButton } from '../../../components/ui/button.tsx';
import { ChatIcon, ErrorIcon } from '../../../components/ui/icons.tsx';
import { PanelHeader } from '../../../components/ui/panel-header.tsx';
import { SlidePanel } from '../../../components/ui/slide-panel.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { bareList, colors } from '../../../components/ui/theme.ts';
import { CHAT_MAX_WIDTH, LINK_CLOSE_DELAY_MS, MESSAGE_PREVIEW_LENGTH } from '../../../lib/constants.ts';
import { preview } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { nlChat } from '../../../messages/community.ts';
import { nl } from '../../../messages/nl.ts';
import { useThreads } from '../api/list-threads.ts';

function ThreadList({ onLinkClick }: { onLinkClick: () => void }) {
  const { data, error } = useThreads(true);
  if (error) {
    return (
      <p
        role="alert"
        css={css`
          display: flex;
          gap: 8px;
          align-items: center;
          padding: 16px;
          color: ${colors.error};
        `}
      >
        <ErrorIcon size={20} />
        {nlChat.failed}
      </p>
    );
  }
  if (!data) {
    return (
      <div
        css={css`
          padding: 24px;
          text-align: center;
        `}
      >
        <Spinner label={nlChat.loading} />
      </div>
    );
  }
  if (data.threads.length === 0) {
    return (
      <p
        css={css`
          padding: 16px;
        `}
      >
        {nlChat.empty}
      </p>
    );
  }
  return (
    <ul css={bareList}>
      {data.threads.map((thread) => (
        <li
          key={thread.threadId}
          css={css`
            display: flex;
            gap: 12px;
            padding: 12px 16px;
            border-bottom: 1px solid ${colors.border};
          `}
        >
          <Link
            to={paths.community.profile(thread.otherUser.id)}
            onClick={onLinkClick}
            aria-hidden
            tabIndex={-1}
          >
            <Avatar url={thread.otherUser.avatarUrl} name="" size={40} />
          </Link>
          <div
            css={css`
              flex: 1;
              min-width: 0;
            `}
          >
            <div
              css={css`
                display: flex;
                gap: 8px;
                align-items: baseline;
              `}
            >
              <Link to={paths.community.profile(thread.otherUser.id)} onClick={onLinkClick}>
                {thread.otherUser.name}
              </Link>
              <RoleBadge role={thread.otherUser.role} />
              <span
                css={css`
                  margin-left: auto;
                  font-size: 13px;
                  color: ${colors.muted};
                `}
              >
                {relativeTime(thread.createdAt)}
              </span>
            </div>
            <p
              css={css`
                margin: 4px 0 0;
                overflow-wrap: anywhere;
              `}
            >
              {preview(thread.content, MESSAGE_PREVIEW_LENGTH)}
            </p>
          </div>
          {thread.unreadCount > 0 ? (
            <span
              css={css`
                align-self: center;
                min-width: 22px;
                height: 22px;
                padding: 0 6px;
                border-radius: 11px;
                background: ${colors.accent};
                color: #ffffff;
                font-size: 12px;
                font-weight: 700;
                line-height: 22px;
                text-align: center;
              `}
            >
              {thread.unreadCount}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The chat button with the live unread-message count; opens the side panel with the thread list
 * (spec 2). The single-thread view comes with the community UI.
 */
export function ChatButton({ unreadCount }: { unreadCount: number }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const location = useLocation();

  // Spec 4: the chat closes on navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change on purpose
  useEffect(() => {
    setOpen(false);
  }, [location.key]);

  return (
    <>
      <IconButton
        ref={buttonRef}
        label={nl.account.chatLabel(unreadCount)}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <ChatIcon />
        <CountBubble count={unreadCount} />
      </IconButton>
      <SlidePanel
        open={open}
        onClose={() => setOpen(false)}
        labelledBy={titleId}
        returnFocusRef={buttonRef}
        testId="chat-panel"
        panelCss={css`
          max-width: ${CHAT_MAX_WIDTH}px;
        `}
      >
        <PanelHeader
          title={nlChat.title}
          titleId={titleId}
          closeLabel={nl.common.close}
          onClose={() => setOpen(false)}
        />
        {open ? (
          <ThreadList onLinkClick={() => setTimeout(() => setOpen(false), LINK_CLOSE_DELAY_MS)} />
        ) : null}
      </SlidePanel>
    </>
  );
}
