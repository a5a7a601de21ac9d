/**
 * One conversation in the chat panel (spec 2): back and close buttons, the other member's header
 * (avatar, name in the role's colour, badge; links to their profile), the messages and the reply form.
 * Opened on a member without a thread it shows an empty conversation; the first message creates it.
 */
import type { ProfileSummary } from '@kring/contract';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { RoleBadge } from '../../../components/ui/badge.tsx';
import { IconButton } from '../../../components/ui/button.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../lib/paths.ts';
import { nlChat } from '../../../messages/community.ts';
import { nl } from '../../../messages/nl.ts';
import { useChatPartner } from '../api/get-chat-partner.ts';
import { useThreads } from '../api/list-threads.ts';
import type { ChatUnread } from '../hooks/use-chat-unread.ts';
import {
  useInitialFocus,
  useMarkReadWhileViewing,
  useRefreshOnNewVersion,
  useSendMessage,
} from '../hooks/use-conversation.ts';
import { useThreadMessages } from '../hooks/use-thread-messages.ts';
import { BackIcon } from './chat-icons.tsx';
import { MessageList } from './message-list.tsx';
import { ReplyForm } from './reply-form.tsx';
import { roleNameStyle } from './role-name.ts';
import * as s from './thread-view.styles.ts';

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
    <div css={s.header}>
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
      <div css={s.identity}>
        <h2 id={titleId} css={s.name}>
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
  const threads = useThreads(true);
  const listed = threads.data?.threads.find((t) => t.threadId === threadId);
  // Not in the list (a new conversation, or the list failed): the member's public profile names the header.
  const partner = useChatPartner(
    listed || (!threads.data && !threads.error) || !otherUserId ? null : otherUserId,
  );
  const other = listed?.otherUser ?? partner.partner;
  const otherName = other?.name ?? nlChat.someone;
  const thread = useThreadMessages(threadId);
  const version = unread.versionOf(threadId);
  useRefreshOnNewVersion(version, thread.refresh);
  const unreadCount = unread.countOf(threadId, listed?.unreadCount);
  useMarkReadWhileViewing(threadId, viewing, unreadCount, version, unread.markRead);
  const { onSend, scrollRequest } = useSendMessage(otherUserId, thread.add);
  const { inputRef, logRef } = useInitialFocus(focusRef);

  return (
    <div data-testid="chat-thread" css={s.conversation}>
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
      <ReplyForm draftPlace={`chat:${threadId}`} otherName={otherName} onSend={onSend} inputRef={inputRef} />
    </div>
  );
}
