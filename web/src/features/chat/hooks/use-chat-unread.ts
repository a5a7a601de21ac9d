/**
 * The member's unread chat state from the Realtime Database (`chat/{uid}/{threadId}`: unreadCount,
 * unreadMessageIds, updatedAt; spec 3), with optimistic reads: a thread the member opens counts as
 * read at once, in the header's count and on its card, until the database publishes a newer state
 * (the server's answer to markThreadRead, or a new message).
 */
import { useCallback, useMemo, useState } from 'react';
import { useRealtimeValue } from '../../../hooks/use-realtime-value.ts';
import { useAuth } from '../../../lib/auth.tsx';

export interface ThreadUnread {
  unreadCount: number;
  /** Milliseconds; grows with every change of the thread. */
  updatedAt: number;
}

const nonNegative = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;

/** The per-thread states of a `chat/{uid}` value; anything malformed counts as nothing. */
export function parseChatRealtime(value: unknown): Map<string, ThreadUnread> {
  const threads = new Map<string, ThreadUnread>();
  if (typeof value !== 'object' || value === null) return threads;
  for (const [threadId, child] of Object.entries(value)) {
    if (typeof child !== 'object' || child === null) continue;
    const { unreadCount, updatedAt } = child as Record<string, unknown>;
    threads.set(threadId, { unreadCount: nonNegative(unreadCount), updatedAt: nonNegative(updatedAt) });
  }
  return threads;
}

export interface ChatUnread {
  /** The header's count: every thread's unread messages. */
  total: number;
  /** A thread's unread count; `listed` is the thread list's count, used until realtime knows the thread. */
  countOf: (threadId: string, listed?: number) => number;
  /** The thread's realtime version, undefined while unknown. */
  versionOf: (threadId: string) => number | undefined;
  /** Counts the thread as read now; returns the undo for a failed markThreadRead. */
  markRead: (threadId: string) => () => void;
  /** The newest version of any thread (the thread list refreshes when it grows). */
  newest: number;
}

export function useChatUnread(): ChatUnread {
  const { user } = useAuth();
  const value = useRealtimeValue(user ? `chat/${user.uid}` : null);
  const threads = useMemo(() => parseChatRealtime(value), [value]);
  // threadId -> the version that was current when the member read it (-1: none known yet).
  const [reads, setReads] = useState<Record<string, number>>({});

  const countOf = useCallback(
    (threadId: string, listed = 0) => {
      const live = threads.get(threadId);
      const readAt = reads[threadId];
      if (readAt !== undefined && (live?.updatedAt ?? -1) <= readAt) return 0;
      return live ? live.unreadCount : listed;
    },
    [threads, reads],
  );

  const markRead = useCallback(
    (threadId: string) => {
      const version = threads.get(threadId)?.updatedAt ?? -1;
      setReads((current) => ({ ...current, [threadId]: version }));
      return () =>
        setReads((current) => {
          if (current[threadId] !== version) return current;
          const { [threadId]: _undone, ...rest } = current;
          return rest;
        });
    },
    [threads],
  );

  const total = [...threads.keys()].reduce((sum, threadId) => sum + countOf(threadId), 0);
  const newest = Math.max(0, ...[...threads.values()].map((t) => t.updatedAt));
  const versionOf = useCallback((threadId: string) => threads.get(threadId)?.updatedAt, [threads]);
  return { total, countOf, versionOf, markRead, newest };
}
