/**
 * The thread list (spec 2): per conversation the other member's avatar and name (links to their
 * profile), the time, a preview of 150 characters and the unread count. The rest of a card is one
 * button that opens the conversation, by mouse and by keyboard.
 */
import type { ThreadListEntry } from '@kring/contract';
import { type RefObject, useEffect, useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { RoleBadge } from '../../../components/ui/badge.tsx';
import { ErrorIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { bareList, visuallyHidden } from '../../../components/ui/theme.ts';
import { MESSAGE_PREVIEW_LENGTH } from '../../../lib/constants.ts';
import { formatDateTime, preview } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { nlChat } from '../../../messages/community.ts';
import { THREADS_KEY, useThreads } from '../api/list-threads.ts';
import type { ChatUnread } from '../hooks/use-chat-unread.ts';
import { roleNameStyle } from './role-name.ts';
import * as s from './thread-list.styles.ts';

/** The other member's name (a link to their profile unless the account is gone), badge and the time. */
function CardTitle({ thread }: { thread: ThreadListEntry }) {
  const other = thread.otherUser;
  return (
    <div css={s.titleRow}>
      {other.deleted ? (
        <span css={roleNameStyle(other.role)}>{other.name}</span>
      ) : (
        <Link to={paths.community.profile(other.id)} css={[roleNameStyle(other.role), s.nameLink]}>
          {other.name}
        </Link>
      )}
      <RoleBadge role={other.role} />
      <time dateTime={thread.createdAt} title={formatDateTime(thread.createdAt)} css={s.time}>
        {relativeTime(thread.createdAt)}
      </time>
    </div>
  );
}

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
    <li css={s.card} data-content="chat-thread">
      {other.deleted ? (
        <Avatar url={null} name="" size={40} />
      ) : (
        <Link to={paths.community.profile(other.id)} aria-hidden tabIndex={-1}>
          <Avatar url={other.avatarUrl} name="" size={40} />
        </Link>
      )}
      <div css={s.body}>
        <CardTitle thread={thread} />
        <button
          type="button"
          data-thread-id={thread.threadId}
          onClick={() => onOpen(thread.threadId)}
          css={s.openButton}
        >
          {/* The name comes from the content, so it holds the visible preview (WCAG 2.5.3, axe's
              label-content-name-mismatch): 'Gesprek met X openen, 2 ongelezen: Hoi …'. */}
          <span css={visuallyHidden}>{`${nlChat.openThread(other.name, unreadCount)}: `}</span>
          <span id={previewId} css={[s.preview, unreadCount > 0 ? s.previewUnread : null]}>
            {preview(thread.content, MESSAGE_PREVIEW_LENGTH)}
          </span>
          {unreadCount > 0 ? (
            <span aria-hidden="true" data-testid="thread-unread" css={s.unreadCount}>
              {unreadCount}
            </span>
          ) : null}
        </button>
      </div>
    </li>
  );
}

/**
 * The list asks the server again when any thread has a newer realtime version (new previews and
 * order), and focuses the card of the conversation the member came back from, once.
 */
function useListUpdates(
  newest: number,
  returnFocusTo: string | null,
  loaded: boolean,
  listRef: RefObject<HTMLUListElement | null>,
) {
  const { mutate } = useSWRConfig();
  const seen = useRef(newest);
  useEffect(() => {
    if (newest > seen.current) void mutate(THREADS_KEY);
    seen.current = newest;
  }, [newest, mutate]);

  const focused = useRef(false);
  useEffect(() => {
    if (focused.current || !returnFocusTo || !loaded) return;
    focused.current = true;
    listRef.current?.querySelector<HTMLElement>(`[data-thread-id="${returnFocusTo}"]`)?.focus();
  }, [loaded, returnFocusTo, listRef]);
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
  const listRef = useRef<HTMLUListElement>(null);
  useListUpdates(unread.newest, returnFocusTo, Boolean(data), listRef);

  if (error && !data) {
    return (
      <p role="alert" css={s.failed}>
        <ErrorIcon size={20} />
        {nlChat.failed}
      </p>
    );
  }
  if (!data) {
    return (
      <div css={s.loading}>
        <Spinner label={nlChat.loading} />
      </div>
    );
  }
  if (data.threads.length === 0) return <p css={s.empty}>{nlChat.empty}</p>;
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
