/**
 * What an open conversation does besides showing messages (spec 4): refresh when its realtime
 * version is newer, mark it read while it is viewed, send and scroll down after sending, and move
 * focus into it once.
 */
import type { Message } from '@kring/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { THREADS_KEY } from '../api/list-threads.ts';
import { markThreadRead } from '../api/mark-thread-read.ts';
import { sendMessage } from '../api/send-message.ts';
import { SCROLL_AFTER_SEND_MS } from '../constants.ts';
import type { ChatUnread } from './use-chat-unread.ts';

/** The thread refreshes when its realtime version becomes newer than the one seen. */
export function useRefreshOnNewVersion(version: number | undefined, refresh: () => void) {
  const seenVersion = useRef(version);
  useEffect(() => {
    if (version === undefined) return;
    if (seenVersion.current !== undefined && version > seenVersion.current) refresh();
    seenVersion.current = version;
  }, [version, refresh]);
}

/** Viewing a thread reads it: the count drops at once, the server's realtime publish confirms. */
export function useMarkReadWhileViewing(
  threadId: string,
  viewing: boolean,
  unreadCount: number,
  version: number | undefined,
  markRead: ChatUnread['markRead'],
) {
  const { mutate } = useSWRConfig();
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
}

/** Sends a message; the list scrolls to the bottom again 500 ms after sending (`scrollRequest` counts up). */
export function useSendMessage(otherUserId: number, add: (message: Message) => void) {
  const { mutate } = useSWRConfig();
  const [scrollRequest, setScrollRequest] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
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
  return { onSend, scrollRequest };
}

/** A keyboard is likely when the main pointer is precise; on touch screens focus must not pop one up. */
const preciseInput = () =>
  typeof window.matchMedia !== 'function' || !window.matchMedia('(pointer: coarse)').matches;

/**
 * Focus moves into the conversation once: the reply field, or on touch screens the messages.
 * Answers the two ref callbacks; the one that applies also passes its node to `focusRef`.
 */
export function useInitialFocus(focusRef: (node: HTMLElement | null) => void) {
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
  return { inputRef, logRef };
}
