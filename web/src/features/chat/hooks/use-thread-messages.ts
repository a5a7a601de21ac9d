/**
 * The messages of one thread: the newest page through SWR (shared cache, refetched when the thread's
 * realtime version grows) and the older pages the member loads with 'Laad meer berichten'.
 */
import type { Message } from '@kring/contract';
import { useCallback, useRef, useState } from 'react';
import { fetchMessagePage, useLatestMessages } from '../api/list-thread-messages.ts';
import {
  addMessage,
  appendOlder,
  type LoadedThread,
  type MessagePage,
  mergeLatest,
} from '../thread-pages.ts';

interface Loaded {
  threadId: string;
  /** The SWR answer this state last took in. */
  source: MessagePage | undefined;
  thread: LoadedThread | null;
}

export function useThreadMessages(threadId: string) {
  const latest = useLatestMessages(threadId);
  const [loaded, setLoaded] = useState<Loaded>({ threadId, source: undefined, thread: null });
  const [older, setOlder] = useState<{ threadId: string; loading: boolean; failed: boolean }>({
    threadId,
    loading: false,
    failed: false,
  });
  const loadingRef = useRef(false);

  // A new answer for the newest page is merged into what is loaded during render, so the list never
  // shows the old state for a frame (React's "adjust state when a prop changes" pattern).
  let current = loaded;
  if (loaded.threadId !== threadId || loaded.source !== latest.data) {
    const base = loaded.threadId === threadId ? loaded.thread : null;
    current = {
      threadId,
      source: latest.data,
      thread: latest.data ? mergeLatest(base, latest.data) : base,
    };
    setLoaded(current);
  }
  const olderState = older.threadId === threadId ? older : { threadId, loading: false, failed: false };

  const cursor = current.thread?.cursor ?? null;
  const loadOlder = useCallback(async () => {
    if (cursor === null || loadingRef.current) return;
    loadingRef.current = true;
    setOlder({ threadId, loading: true, failed: false });
    try {
      const page = await fetchMessagePage(threadId, cursor);
      setLoaded((state) =>
        state.threadId === threadId && state.thread
          ? { ...state, thread: appendOlder(state.thread, page) }
          : state,
      );
      setOlder({ threadId, loading: false, failed: false });
    } catch {
      setOlder({ threadId, loading: false, failed: true });
    } finally {
      loadingRef.current = false;
    }
  }, [threadId, cursor]);

  // The sent message shows at once; the realtime version it moves refreshes the newest page after.
  const add = useCallback(
    (message: Message) =>
      setLoaded((state) =>
        state.threadId === threadId && state.thread
          ? { ...state, thread: addMessage(state.thread, message) }
          : state,
      ),
    [threadId],
  );
  const { mutate } = latest;
  const refresh = useCallback(() => void mutate(), [mutate]);

  return {
    /** Oldest first; undefined until the first page is here. */
    messages: current.thread?.messages,
    hasOlder: cursor !== null,
    loadingOlder: olderState.loading,
    olderFailed: olderState.failed,
    error: latest.error as unknown,
    loadOlder,
    add,
    refresh,
  };
}
