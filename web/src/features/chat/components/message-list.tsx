/**
 * A thread's messages, oldest at the top, in a log region (new messages are announced politely).
 * Long threads are virtualised (@tanstack/react-virtual, spec 9: overscan 2, scroll-idle reset 150 ms):
 * rows are measured as they render, loading older messages keeps the row being read in place
 * (anchorTo 'end'), and a new message is followed while the member is at the bottom.
 */
import { css } from '@emotion/react';
import type { Message } from '@kring/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { ReportDialog } from '../../../components/report-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PlainText } from '../../../components/ui/plain-text.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { colors, fontSize, visuallyHidden } from '../../../components/ui/theme.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { nlChat } from '../../../messages/community.ts';
import { nlReport } from '../../../messages/report.ts';
import { LIST_OVERSCAN, SCROLL_IDLE_RESET_MS } from '../constants.ts';

/** The paging row above the messages; fixed, so the virtualiser can reserve it as padding. */
export const PAGING_ROW_HEIGHT = 56;
/** A one-line message with its time; rows are measured once rendered. */
export const ESTIMATED_ROW_HEIGHT = 72;

export interface MessageListProps {
  /** Oldest first; undefined while the first page loads. */
  messages: Message[] | undefined;
  me: number;
  otherName: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  olderFailed: boolean;
  failed: boolean;
  onLoadOlder: () => void;
  /** Grows when the list must scroll to the bottom (after sending). */
  scrollRequest: number;
  /** For the conversation's initial focus on touch screens (no keyboard popping up). */
  logRef?: (node: HTMLDivElement | null) => void;
}

const scroller = css`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  overscroll-behavior: contain;
  background: ${colors.surface};
  &:focus-visible {
    outline-offset: -3px;
  }
`;

const centred = css`
  display: flex;
  flex-direction: column;
  gap: 8px;
  align-items: center;
  justify-content: center;
  height: 100%;
  padding: 24px;
  text-align: center;
  color: ${colors.muted};
`;

const rowStyle = (mine: boolean) => css`
  display: flex;
  flex-direction: column;
  align-items: ${mine ? 'flex-end' : 'flex-start'};
  padding: 4px 16px 8px;
`;

const bubbleStyle = (mine: boolean) => css`
  max-width: min(85%, 420px);
  padding: 8px 12px;
  border-radius: ${mine ? '14px 14px 4px 14px' : '14px 14px 14px 4px'};
  background: ${mine ? colors.primary : colors.background};
  color: ${mine ? colors.onPrimary : colors.text};
  border: 1px solid ${mine ? colors.primary : colors.border};
  a {
    color: inherit;
  }
`;

const timeStyle = css`
  margin-top: 2px;
  font-size: ${fontSize.xs};
  color: ${colors.muted};
`;

const reportButtonStyle = css`
  border: 0;
  background: none;
  padding: 2px 4px;
  margin-left: 6px;
  font: inherit;
  font-size: ${fontSize.xs};
  color: ${colors.muted};
  text-decoration: underline;
  cursor: pointer;
`;

function MessageRow({ message, mine, otherName }: { message: Message; mine: boolean; otherName: string }) {
  const [reporting, setReporting] = useState(false);
  const reportRef = useRef<HTMLButtonElement>(null);
  return (
    <div css={rowStyle(mine)}>
      <div css={bubbleStyle(mine)}>
        <span css={visuallyHidden}>{mine ? nlChat.you : otherName}: </span>
        <PlainText text={message.content} />
      </div>
      <div>
        <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)} css={timeStyle}>
          {relativeTime(message.createdAt)}
        </time>
        {/* Only a received message can be reported (its sender's own view has nothing to report). */}
        {mine ? null : (
          <button
            ref={reportRef}
            type="button"
            css={reportButtonStyle}
            aria-haspopup="dialog"
            aria-label={nlReport.messageAction(otherName)}
            onClick={() => setReporting(true)}
          >
            {nlReport.action}
          </button>
        )}
      </div>
      {reporting ? (
        <ReportDialog
          kind="message"
          itemId={message.id}
          returnFocusRef={reportRef}
          onClose={() => setReporting(false)}
        />
      ) : null}
    </div>
  );
}

/**
 * 'Laad meer berichten', and 'Aan het laden..' on the same button while the page loads, so focus
 * stays on it. When the last page has come the button goes; its focus goes to the list instead of
 * being lost.
 */
function LoadOlderButton({
  loading,
  onLoad,
  onFocusLost,
}: {
  loading: boolean;
  onLoad: () => void;
  onFocusLost: () => void;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  const onFocusLostRef = useRef(onFocusLost);
  onFocusLostRef.current = onFocusLost;
  // Runs before React removes the button, while it still has focus.
  useLayoutEffect(() => {
    const button = ref.current;
    return () => {
      if (button && document.activeElement === button) onFocusLostRef.current();
    };
  }, []);
  return (
    <Button
      ref={ref}
      variant="ghost"
      size="compact"
      aria-disabled={loading || undefined}
      onClick={() => {
        if (!loading) onLoad();
      }}
    >
      {loading ? (
        <>
          <Spinner size={16} decorative />
          {nlChat.loading}
        </>
      ) : (
        nlChat.loadMore
      )}
    </Button>
  );
}

function PagingRow({
  hasOlder,
  loadingOlder,
  olderFailed,
  onLoadOlder,
  onFocusLost,
}: Pick<MessageListProps, 'hasOlder' | 'loadingOlder' | 'olderFailed' | 'onLoadOlder'> & {
  onFocusLost: () => void;
}) {
  return (
    <div
      css={css`
        position: absolute;
        top: 0;
        left: 0;
        width: 100%;
        height: ${PAGING_ROW_HEIGHT}px;
        display: flex;
        gap: 8px;
        align-items: center;
        justify-content: center;
        padding: 0 16px;
        font-size: ${fontSize.md};
        color: ${colors.muted};
      `}
    >
      {hasOlder ? (
        <LoadOlderButton loading={loadingOlder} onLoad={onLoadOlder} onFocusLost={onFocusLost} />
      ) : (
        <span>{nlChat.noMore}</span>
      )}
      {olderFailed ? (
        <span
          role="alert"
          css={css`
            color: ${colors.error};
          `}
        >
          {nlChat.failed}
        </span>
      ) : null}
    </div>
  );
}

export function MessageList(props: MessageListProps) {
  const { messages, me, otherName, scrollRequest, logRef } = props;
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const count = messages?.length ?? 0;

  const virtualizer = useVirtualizer<HTMLDivElement, HTMLDivElement>({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    getItemKey: (index) => messages?.[index]?.id ?? index,
    overscan: LIST_OVERSCAN,
    isScrollingResetDelay: SCROLL_IDLE_RESET_MS,
    paddingStart: PAGING_ROW_HEIGHT,
    paddingEnd: 8,
    anchorTo: 'end',
    followOnAppend: true,
  });

  // Spec 4: to the bottom on first load...
  const scrolledDown = useRef(false);
  useLayoutEffect(() => {
    if (count > 0 && !scrolledDown.current) {
      scrolledDown.current = true;
      virtualizer.scrollToEnd();
    }
  }, [count, virtualizer]);
  // ...and again when asked (500 ms after sending).
  useLayoutEffect(() => {
    if (scrollRequest > 0) virtualizer.scrollToEnd();
  }, [scrollRequest, virtualizer]);

  const setScrollRef = (node: HTMLDivElement | null) => {
    scrollRef.current = node;
    logRef?.(node);
  };

  let body: ReactNode;
  if (!messages) {
    body = props.failed ? (
      <p role="alert" css={centred}>
        {nlChat.threadFailed}
      </p>
    ) : (
      <div css={centred}>
        <Spinner label={nlChat.loading} decorative />
        <span>{nlChat.loading}</span>
      </div>
    );
  } else if (messages.length === 0) {
    body = <p css={centred}>{nlChat.newConversation(otherName)}</p>;
  } else {
    body = (
      <div
        css={css`
          position: relative;
          width: 100%;
        `}
        style={{ height: virtualizer.getTotalSize() }}
      >
        <PagingRow
          hasOlder={props.hasOlder}
          loadingOlder={props.loadingOlder}
          olderFailed={props.olderFailed}
          onLoadOlder={props.onLoadOlder}
          onFocusLost={() => requestAnimationFrame(() => scrollRef.current?.focus({ preventScroll: true }))}
        />
        {virtualizer.getVirtualItems().map((item) => {
          const message = messages[item.index] as Message;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              css={css`
                position: absolute;
                top: 0;
                left: 0;
                width: 100%;
              `}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <MessageRow message={message} mine={message.fromUserId === me} otherName={otherName} />
            </div>
          );
        })}
      </div>
    );
  }

  return (
    <div
      ref={setScrollRef}
      role="log"
      aria-live="polite"
      aria-relevant="additions"
      aria-label={nlChat.messagesWith(otherName)}
      // Rows mount and unmount while scrolling; hold announcements until the list is still.
      aria-busy={virtualizer.isScrolling || props.loadingOlder || !messages || undefined}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus so the keyboard can scroll it (WCAG 2.1.1)
      tabIndex={0}
      css={scroller}
    >
      {body}
    </div>
  );
}
