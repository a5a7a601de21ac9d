/**
 * A thread's messages, oldest at the top, in a log region (new messages are announced politely).
 * Long threads are virtualised (@tanstack/react-virtual, spec 9: overscan 2, scroll-idle reset 150 ms):
 * rows are measured as they render, loading older messages keeps the row being read in place
 * (anchorTo 'end'), and a new message is followed while the member is at the bottom.
 */
import type { Message } from '@kring/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { ReportDialog } from '../../../components/report-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PlainText } from '../../../components/ui/plain-text.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { visuallyHidden } from '../../../components/ui/theme.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { nlChat } from '../../../messages/community.ts';
import { nlReport } from '../../../messages/report.ts';
import { LIST_OVERSCAN, SCROLL_IDLE_RESET_MS } from '../constants.ts';
import * as s from './message-list.styles.ts';

export { PAGING_ROW_HEIGHT } from './message-list.styles.ts';
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

function MessageRow({ message, mine, otherName }: { message: Message; mine: boolean; otherName: string }) {
  const [reporting, setReporting] = useState(false);
  const reportRef = useRef<HTMLButtonElement>(null);
  return (
    <div css={s.row(mine)}>
      <div css={s.bubble(mine)}>
        <span css={visuallyHidden}>{mine ? nlChat.you : otherName}: </span>
        <PlainText text={message.content} />
      </div>
      <div>
        <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)} css={s.time}>
          {relativeTime(message.createdAt)}
        </time>
        {/* Only a received message can be reported (its sender's own view has nothing to report). */}
        {mine ? null : (
          <button
            ref={reportRef}
            type="button"
            css={s.reportButton}
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
    <div css={s.pagingRow}>
      {hasOlder ? (
        <LoadOlderButton loading={loadingOlder} onLoad={onLoadOlder} onFocusLost={onFocusLost} />
      ) : (
        <span>{nlChat.noMore}</span>
      )}
      {olderFailed ? (
        <span role="alert" css={s.olderFailed}>
          {nlChat.failed}
        </span>
      ) : null}
    </div>
  );
}

/** The virtualiser over the messages: to the bottom on first load, and again when asked (500 ms after sending). */
function useMessageVirtualizer(
  messages: Message[] | undefined,
  scrollRef: RefObject<HTMLDivElement | null>,
  scrollRequest: number,
) {
  const count = messages?.length ?? 0;
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLDivElement>({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    getItemKey: (index) => messages?.[index]?.id ?? index,
    overscan: LIST_OVERSCAN,
    isScrollingResetDelay: SCROLL_IDLE_RESET_MS,
    paddingStart: s.PAGING_ROW_HEIGHT,
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
  return virtualizer;
}

/** Instead of messages: loading, why the thread failed, or the start of a new conversation. */
function Placeholder({
  messages,
  failed,
  otherName,
}: {
  messages: Message[] | undefined;
  failed: boolean;
  otherName: string;
}) {
  if (messages) return <p css={s.centred}>{nlChat.newConversation(otherName)}</p>;
  if (failed) {
    return (
      <p role="alert" css={s.centred}>
        {nlChat.threadFailed}
      </p>
    );
  }
  return (
    <div css={s.centred}>
      <Spinner label={nlChat.loading} decorative />
      <span>{nlChat.loading}</span>
    </div>
  );
}

export function MessageList(props: MessageListProps) {
  const { messages, me, otherName, scrollRequest, logRef } = props;
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const virtualizer = useMessageVirtualizer(messages, scrollRef, scrollRequest);
  const setScrollRef = (node: HTMLDivElement | null) => {
    scrollRef.current = node;
    logRef?.(node);
  };

  const body =
    !messages || messages.length === 0 ? (
      <Placeholder messages={messages} failed={props.failed} otherName={otherName} />
    ) : (
      <div css={s.rows} style={{ height: virtualizer.getTotalSize() }}>
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
              css={s.rowSlot}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <MessageRow message={message} mine={message.fromUserId === me} otherName={otherName} />
            </div>
          );
        })}
      </div>
    );

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
      css={s.scroller}
    >
      {body}
    </div>
  );
}
