/**
 * One conversation in the chat panel (spec 2): back and close buttons, the other member's header
 * (avatar, name in the role's colour, badge; links to their profile), the messages and the reply form.
 * Opened on a member without a thread it shows an empty conversation; the first message creates it.
 */
import { css } from '@emotion/react';
import type { ProfileSummary } from '@kring/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { RoleBadge } from '../../../components/ui/badge.tsx';
import { IconButton } from '../../../components/ui/button.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { colors, fontSize } from '../../../components/ui/theme.ts';
import { paths } from '../../../lib/paths.ts';
import { nlChat } from '../../../messages/community.ts';
import { nl } from '../../../messages/nl.ts';
import { useChatPartner } from '../api/get-chat-partner.ts';
import { THREADS_KEY, useThreads } from '../api/list-threads.ts';
import { markThreadRead } from '../api/mark-thread-read.ts';
import { sendMessage } from '../api/send-message.ts';
import { SCROLL_AFTER_SEND_MS } from '../constants.ts';
import type { ChatUnread } from '../hooks/use-chat-unread.ts';
import { useThreadMessages } from '../hooks/use-thread-messages.ts';
import { BackIcon } from './chat-icons.tsx';
import { MessageList } from './message-list.tsx';
import { ReplyForm } from './reply-form.tsx';
import { roleNameStyle } from './role-name.ts';

export interface ThreadViewProps {
  threadId: string;
  otherUserId: number;
  me: number;
  /** False while the panel slides out: nothing counts as viewed then. */
  viewing: boolean;
  unread: ChatUnread;
  /** The dialog's label: the other member's name. */
  titleId: string;
  onBack: () => void;
  onClose: () => void;
  /** Where focus goes when the conversation opens. */
  focusRef: (node: HTMLElement | null) => void;
}

/** A keyboard is likely when the main pointer is precise; on touch screens focus must not pop one up. */
const preciseInput = () =>
  typeof window.matchMedia !== 'function' || !window.matchMedia('(pointer: coarse)').matches;

function Header({
  other,
  failed,
  titleId,
  onBack,
  onClose,
}: {
  other: ProfileSummary | undefined;
  /** The member could not be loaded: no spinner, the panel's title instead of a name. */
  failed: boolean;
  titleId: string;
  onBack: () => void;
  onClose: () => void;
}) {
  return (
    <div
      css={css`
        display: flex;
        align-items: center;
        gap: 8px;
        padding: 8px;
        border-bottom: 1px solid ${colors.border};
      `}
    >
      <IconButton label={nlChat.back} onClick={onBack}>
        <BackIcon />
      </IconButton>
      {other?.deleted ? (
        <Avatar url={null} name="" size={40} />
      ) : other ? (
        <Link to={paths.community.profile(other.id)} aria-hidden tabIndex={-1}>
          <Avatar url={other.avatarUrl} name="" size={40} />
        </Link>
      ) : failed ? null : (
        <Spinner size={20} />
      )}
      <div
        css={css`
          flex: 1;
          min-width: 0;
          display: flex;
          align-items: center;
          gap: 8px;
        `}
      >
        <h2
          id={titleId}
          css={css`
            margin: 0;
            font-size: ${fontSize.lg};
            min-width: 0;
            overflow: hidden;
            text-overflow: ellipsis;
            white-space: nowrap;
          `}
        >
          {other?.deleted ? (
            other.name
          ) : other ? (
            <Link to={paths.community.profile(other.id)} css={roleNameStyle(other.role)}>
              {other.name}
            </Link>
          ) : (
            nlChat.title
          )}
        </h2>
        {other ? <RoleBadge role={other.role} /> : null}
      </div>
      <IconButton label={nl.common.close} onClick={onClose}>
        <CloseIcon />
      </IconButton>
    </div>
  );
}

export function ThreadView({
  threadId,
  otherUserId,
  me,
  viewing,
  unread,
  titleId,
  onBack,
  onClose,
  focusRef,
}: ThreadViewProps) {
  const { mutate } = useSWRConfig();
  const threads = useThreads(true);
  const listed = threads.data?.threads.find((t) => t.threadId === threadId);
  // Not in the list (a new conversation, or the list failed): the member's public profile names the header.
  const partner = useChatPartner(
    listed || (!threads.data && !threads.error) || !otherUserId ? null : otherUserId,
  );
  const other = listed?.otherUser ?? partner.partner;
  const otherName = other?.name ?? nlChat.someone;
  const thread = useThreadMessages(threadId);

  // Spec 4: the thread refreshes when its realtime version becomes newer.
  const version = unread.versionOf(threadId);
  const seenVersion = useRef(version);
  const { refresh } = thread;
  useEffect(() => {
    if (version === undefined) return;
    if (seenVersion.current !== undefined && version > seenVersion.current) refresh();
    seenVersion.current = version;
  }, [version, refresh]);

  // Viewing a thread reads it: the count drops at once, the server's realtime publish confirms.
  const unreadCount = unread.countOf(threadId, listed?.unreadCount);
  const { markRead } = unread;
  const marked = useRef<string | null>(null);
  useEffect(() => {
    const attempt = `${version ?? '-'}`;
    if (!viewing || unreadCount === 0 || marked.current === attempt) return;
    marked.current = attempt;
    const undo = markRead(threadId);
    markThreadRead(threadId).catch(() => {
      undo();
      void mutate(THREADS_KEY);
    });
  }, [viewing, unreadCount, version, threadId, markRead, mutate]);

  // Spec 4: the list scrolls to the bottom again 500 ms after sending.
  const [scrollRequest, setScrollRequest] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const { add } = thread;
  const onSend = useCallback(
    async (content: string) => {
      const sent = await sendMessage(otherUserId, content);
      add(sent.message);
      // The list shows the new last message (and a new conversation at all).
      void mutate(THREADS_KEY);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setScrollRequest((n) => n + 1), SCROLL_AFTER_SEND_MS);
    },
    [otherUserId, add, mutate],
  );

  // Focus moves into the conversation: the reply field, or on touch screens the messages.
  const touch = !preciseInput();
  const focusOnMount = useRef<HTMLElement | null>(null);
  const inputRef = (node: HTMLTextAreaElement | null) => {
    if (!touch) {
      focusOnMount.current = node;
      focusRef(node);
    }
  };
  const logRef = (node: HTMLDivElement | null) => {
    if (touch) {
      focusOnMount.current = node;
      focusRef(node);
    }
  };
  useEffect(() => {
    focusOnMount.current?.focus();
  }, []);

  return (
    <div
      data-testid="chat-thread"
      css={css`
        flex: 1;
        min-height: 0;
        display: flex;
        flex-direction: column;
      `}
    >
      <Header other={other} failed={partner.failed} titleId={titleId} onBack={onBack} onClose={onClose} />
      <MessageList
        messages={thread.messages}
        me={me}
        otherName={otherName}
        hasOlder={thread.hasOlder}
        loadingOlder={thread.loadingOlder}
        olderFailed={thread.olderFailed}
        failed={Boolean(thread.error)}
        onLoadOlder={thread.loadOlder}
        scrollRequest={scrollRequest}
        logRef={logRef}
      />
      <ReplyForm otherName={otherName} onSend={onSend} inputRef={inputRef} />
    </div>
  );
}
