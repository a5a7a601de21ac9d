/**
 * The chat button with the live unread-message count, and the slide-in chat panel it owns (spec 2):
 * the thread list, or one conversation. Whether the panel is open and what it shows is the shared
 * chat-panel state, so any feature opens a conversation with openChatWith(userId).
 */
import { lazy, type MouseEvent, Suspense, useEffect, useId, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CountBubble } from '../../../components/ui/badge.tsx';
import { IconButton } from '../../../components/ui/button.tsx';
import { ChatIcon } from '../../../components/ui/icons.tsx';
import { PanelHeader } from '../../../components/ui/panel-header.tsx';
import { SlidePanel } from '../../../components/ui/slide-panel.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAccount } from '../../../lib/auth.tsx';
import { type ChatTarget, chatPanel, useChatPanel } from '../../../lib/chat-panel.ts';
import { LINK_CLOSE_DELAY_MS } from '../../../lib/constants.ts';
import { CHAT_THREAD_PARAM } from '../../../lib/paths.ts';
import { nlChat } from '../../../messages/community.ts';
import { nl } from '../../../messages/nl.ts';
import { type ChatUnread, useChatUnread } from '../hooks/use-chat-unread.ts';
import { otherUserOf, threadIdOf } from '../thread-id.ts';
import * as st from './chat-button.styles.ts';
import { ThreadList } from './thread-list.tsx';

/** The conversation a target names, for the signed-in member; null for the thread list. */
function conversationOf(
  target: ChatTarget | null,
  me: number,
): { threadId: string; otherUserId: number } | null {
  if (!target) return null;
  if ('userId' in target) {
    return target.userId === me
      ? null
      : { threadId: threadIdOf(me, target.userId), otherUserId: target.userId };
  }
  const otherUserId = otherUserOf(target.threadId, me);
  return otherUserId === null ? null : { threadId: target.threadId, otherUserId };
}

/**
 * The conversation view with the virtualiser and the link finder loads when a conversation opens (and
 * is fetched as soon as the panel opens), so the header every member page loads stays small.
 */
const loadThreadView = () => import('./thread-view.tsx');
const ThreadView = lazy(() => loadThreadView().then((module) => ({ default: module.ThreadView })));

const close = () => chatPanel.close();

/** Spec 2 (Other): clicking any link in the panel closes it after 20 ms. */
const closeOnLink = (event: MouseEvent) => {
  if ((event.target as Element).closest('a[href]')) setTimeout(close, LINK_CLOSE_DELAY_MS);
};

function ChatPanelBody({
  target,
  open,
  titleId,
  unread,
  focusRef,
}: {
  target: ChatTarget | null;
  open: boolean;
  titleId: string;
  unread: ChatUnread;
  focusRef: (node: HTMLElement | null) => void;
}) {
  const me = useAccount().data?.profile?.id;
  const conversation = me === undefined ? null : conversationOf(target, me);
  // The last conversation shown: back on the list, its card gets focus.
  const lastThread = useRef<string | null>(null);
  if (conversation) lastThread.current = conversation.threadId;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: only watches link clicks bubbling up; the links themselves are the controls
    <div onClick={closeOnLink} css={st.body}>
      {me === undefined ? (
        <Spinner label={nlChat.loading} />
      ) : conversation ? (
        <Suspense fallback={<Spinner label={nlChat.loading} />}>
          <ThreadView
            key={conversation.threadId}
            threadId={conversation.threadId}
            otherUserId={conversation.otherUserId}
            me={me}
            viewing={open}
            unread={unread}
            titleId={titleId}
            onBack={() => chatPanel.focus(null)}
            onClose={close}
            focusRef={focusRef}
          />
        </Suspense>
      ) : (
        <>
          <PanelHeader title={nlChat.title} titleId={titleId} closeLabel={nl.common.close} onClose={close} />
          <div css={st.list}>
            <ThreadList
              unread={unread}
              onOpen={(threadId) => chatPanel.focus({ threadId })}
              returnFocusTo={lastThread.current}
            />
          </div>
        </>
      )}
    </div>
  );
}

/**
 * The chat and the address: spec 4's close on navigation, and a chat mail's link opening its
 * conversation.
 */
function useChatAddress() {
  const location = useLocation();

  const navigate = useNavigate();
  // Spec 4: the chat closes on navigation (not on the address clean-up below).
  const locationKey = useRef(location.key);
  const cleaningAddress = useRef(false);
  useEffect(() => {
    if (locationKey.current === location.key) return;
    locationKey.current = location.key;
    if (cleaningAddress.current) {
      cleaningAddress.current = false;
      return;
    }
    chatPanel.close();
  }, [location.key]);
  // A chat mail's link (?gesprek=7x12): opens that conversation, then takes the parameter out of the
  // address, so a later navigation or reload does not open it again. A thread the member is not in
  // shows their thread list (conversationOf).
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const threadId = params.get(CHAT_THREAD_PARAM);
    if (threadId === null) return;
    if (/^[0-9]{1,15}x[0-9]{1,15}$/.test(threadId)) chatPanel.open({ threadId });
    params.delete(CHAT_THREAD_PARAM);
    cleaningAddress.current = true;
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
  }, [location.search, location.pathname, location.hash, navigate]);
}

export function ChatButton() {
  const { open, target } = useChatPanel();
  const unread = useChatUnread();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Focus returns to the chat button when it opened the panel, otherwise to whatever had focus
  // (e.g. 'Stuur een bericht' on a profile): SlidePanel falls back to the focused element.
  const returnRef = useRef<HTMLElement | null>(null);
  const initialFocusRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  useChatAddress();
  // Signed out (the header goes): the next member does not find the panel open.
  useEffect(() => close, []);
  useEffect(() => {
    if (open) void loadThreadView();
    else returnRef.current = null;
  }, [open]);

  // While the panel slides out, it keeps showing what it showed.
  const shown = useRef<ChatTarget | null>(target);
  if (open) shown.current = target;

  return (
    <>
      <IconButton
        ref={buttonRef}
        label={nl.account.chatLabel(unread.total)}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          returnRef.current = buttonRef.current;
          chatPanel.open();
        }}
      >
        <ChatIcon />
        <CountBubble count={unread.total} />
      </IconButton>
      <SlidePanel
        open={open}
        onClose={close}
        labelledBy={titleId}
        returnFocusRef={returnRef}
        initialFocusRef={initialFocusRef}
        testId="chat-panel"
        panelCss={st.panel}
      >
        <ChatPanelBody
          target={shown.current}
          open={open}
          titleId={titleId}
          unread={unread}
          focusRef={(node) => {
            initialFocusRef.current = node;
          }}
        />
      </SlidePanel>
    </>
  );
}
