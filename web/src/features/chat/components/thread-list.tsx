/**
 * The thread list (spec 2): per conversation the other member's avatar and name (links to their
 * profile), the time, a preview of 150 characters and the unread count. The rest of a card is one
 * button that opens the conversation, by mouse and by keyboard.
 */
import { css } from '@emotion/react';
import type { ThreadListEntry } from '@kring/contract';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { RoleBadge } from '../../../components/ui/badge.tsx';
import { ErrorIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { bareList, colors, fontSize } from '../../../components/ui/theme.ts';
import { MESSAGE_PREVIEW_LENGTH } from '../../../lib/constants.ts';
import { formatDateTime, preview } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { nlChat } from '../../../messages/community.ts';
import { THREADS_KEY, useThreads } from '../api/list-threads.ts';
import type { ChatUnread } from '../hooks/use-chat-unread.ts';
import { roleNameStyle } from './role-name.ts';

const cardStyle = css`
  position: relative;
  display: flex;
  gap: 12px;
  padding: 12px 16px;
  border-bottom: 1px solid ${colors.border};
  &:hover {
    background: ${colors.surface};
  }
  a {
    position: relative;
    z-index: 1;
  }
`;

/** The card-wide button: its ::after covers the card, the links sit above it. */
const openButtonStyle = css`
  display: flex;
  gap: 8px;
  align-items: flex-start;
  width: 100%;
  margin: 4px 0 0;
  padding: 0;
  border: 0;
  background: none;
  font: inherit;
  color: ${colors.text};
  text-align: left;
  cursor: pointer;
  &::after {
    content: '';
    position: absolute;
    inset: 0;
  }
  &:focus-visible {
    outline: none;
  }
  &:focus-visible::after {
    outline: 3px solid ${colors.focus};
    outline-offset: -3px;
  }
`;

function ThreadCard({
  thread,
  unreadCount,
  onOpen,
}: {
  thread: ThreadListEntry;
  unreadCount: number;
  onOpen: (threadId: string) => void;
}) {
  const previewId = useId();
  const other = thread.otherUser;
  return (
    <li css={cardStyle}>
      {other.deleted ? (
        <Avatar url={null} name="" size={40} />
      ) : (
        <Link to={paths.community.profile(other.id)} aria-hidden tabIndex={-1}>
          <Avatar url={other.avatarUrl} name="" size={40} />
        </Link>
      )}
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
          {other.deleted ? (
            <span css={roleNameStyle(other.role)}>{other.name}</span>
          ) : (
            <Link
              to={paths.community.profile(other.id)}
              css={[
                roleNameStyle(other.role),
                css`
                  min-width: 0;
                  overflow-wrap: anywhere;
                `,
              ]}
            >
              {other.name}
            </Link>
          )}
          <RoleBadge role={other.role} />
          <time
            dateTime={thread.createdAt}
            title={formatDateTime(thread.createdAt)}
            css={css`
              margin-left: auto;
              flex: none;
              font-size: ${fontSize.sm};
              color: ${colors.muted};
            `}
          >
            {relativeTime(thread.createdAt)}
          </time>
        </div>
        <button
          type="button"
          data-thread-id={thread.threadId}
          aria-label={nlChat.openThread(other.name, unreadCount)}
          aria-describedby={previewId}
          onClick={() => onOpen(thread.threadId)}
          css={openButtonStyle}
        >
          <span
            id={previewId}
            css={css`
              flex: 1;
              min-width: 0;
              overflow-wrap: anywhere;
              font-weight: ${unreadCount > 0 ? 600 : 400};
            `}
          >
            {preview(thread.content, MESSAGE_PREVIEW_LENGTH)}
          </span>
          {unreadCount > 0 ? (
            <span
              aria-hidden="true"
              data-testid="thread-unread"
              css={css`
                flex: none;
                min-width: 22px;
                height: 22px;
                padding: 0 6px;
                border-radius: 11px;
                background: ${colors.accent};
                color: ${colors.onPrimary};
                font-size: ${fontSize.xs};
                font-weight: 700;
                line-height: 22px;
                text-align: center;
              `}
            >
              {unreadCount}
            </span>
          ) : null}
        </button>
      </div>
    </li>
  );
}

export function ThreadList({
  unread,
  onOpen,
  returnFocusTo,
}: {
  unread: ChatUnread;
  onOpen: (threadId: string) => void;
  /** The conversation the member came back from: its card gets focus. */
  returnFocusTo: string | null;
}) {
  const { data, error } = useThreads(true);
  const { mutate } = useSWRConfig();
  const listRef = useRef<HTMLUListElement>(null);

  // A newer realtime version of any thread: new messages, so new previews and order.
  const seen = useRef(unread.newest);
  useEffect(() => {
    if (unread.newest > seen.current) void mutate(THREADS_KEY);
    seen.current = unread.newest;
  }, [unread.newest, mutate]);

  const focused = useRef(false);
  useEffect(() => {
    if (focused.current || !returnFocusTo || !data) return;
    focused.current = true;
    listRef.current?.querySelector<HTMLElement>(`[data-thread-id="${returnFocusTo}"]`)?.focus();
  }, [data, returnFocusTo]);

  if (error && !data) {
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
    <ul ref={listRef} css={bareList}>
      {data.threads.map((thread) => (
        <ThreadCard
          key={thread.threadId}
          thread={thread}
          unreadCount={unread.countOf(thread.threadId, thread.unreadCount)}
          onOpen={onOpen}
        />
      ))}
    </ul>
  );
}
