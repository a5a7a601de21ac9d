/**
 * The loaded part of one thread: the newest page (refetched whenever the thread changes) merged with
 * the older pages the member asked for. Pure functions, so the paging rules are tested apart from the
 * virtualised list.
 */

import type { Message } from '@kring/contract';
import { limits } from '@kring/contract/limits';

/** One answer of listThreadMessages: newest first. */
export interface MessagePage {
  messages: Message[];
  nextCursor: number | null;
}

export interface LoadedThread {
  /** Oldest first, as the list shows them. */
  messages: Message[];
  /** The cursor of the next older page (the 20th item's id of the oldest page loaded); null: no more. */
  cursor: number | null;
}

/** Spec 7: the next page's cursor is the id of the previous page's 20th item. */
export const cursorAfter = (page: MessagePage): number | null =>
  page.nextCursor === null ? null : (page.messages[limits.threadPageSize - 1]?.id ?? null);

/** Both lists by id (the later copy wins), oldest first. */
function union(known: Message[], added: Message[]): Message[] {
  const byId = new Map(known.map((m) => [m.id, m]));
  for (const message of added) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

const fresh = (page: MessagePage): LoadedThread => ({
  messages: [...page.messages].reverse(),
  cursor: cursorAfter(page),
});

/** The newest page, fetched again, joined to what is loaded. */
export function mergeLatest(loaded: LoadedThread | null, page: MessagePage): LoadedThread {
  if (!loaded) return fresh(page);
  const newestKnown = loaded.messages.at(-1)?.id ?? 0;
  const oldestOfPage = page.messages.at(-1)?.id;
  // A full page that does not reach what is loaded: more arrived than one page holds, and the ones in
  // between are not here. Start again from this page rather than show a gap.
  if (page.nextCursor !== null && oldestOfPage !== undefined && oldestOfPage > newestKnown)
    return fresh(page);
  return { messages: union(loaded.messages, page.messages), cursor: loaded.cursor };
}

/** An older page ('Laad meer berichten') added before what is loaded. */
export const appendOlder = (loaded: LoadedThread, page: MessagePage): LoadedThread => ({
  messages: union(loaded.messages, page.messages),
  cursor: cursorAfter(page),
});

/** A message the member just sent (before the first page is here, that page brings it). */
export const addMessage = (loaded: LoadedThread, message: Message): LoadedThread => ({
  messages: union(loaded.messages, [message]),
  cursor: loaded.cursor,
});
