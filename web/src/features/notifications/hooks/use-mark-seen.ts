/**
 * Marks read what the member has seen, not what is below the fold: each unread row is marked once
 * at least 60% of it has been in view of the scrolling list (IntersectionObserver), in one call per
 * short burst (a scroll past ten rows is one markNotificationsRead). Without IntersectionObserver
 * every unread row shown counts as seen.
 */
import { type RefObject, useEffect, useRef } from 'react';
import { markNotificationsRead } from '../api/mark-notifications-read.ts';

/** Rows that came into view within this time go in one call. */
export const MARK_BATCH_MS = 250;
const SEEN_RATIO = 0.6;

export function useMarkSeen({
  root,
  unreadIds,
  onMarked,
  onFailed,
}: {
  /** The scrolling element (the popover's list), or null for the window (the page). */
  root: RefObject<HTMLElement | null> | null;
  /** The ids that may be marked: unread when the list came. Null while there is no list. */
  unreadIds: ReadonlySet<number> | null;
  onMarked: (ids: number[], unreadCount: number) => void;
  onFailed: () => void;
}) {
  const done = useRef(new Set<number>());
  const callbacks = useRef({ onMarked, onFailed });
  callbacks.current = { onMarked, onFailed };

  useEffect(() => {
    if (!unreadIds || unreadIds.size === 0) return;
    const container = root?.current ?? document;
    let batch: number[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      const ids = batch;
      batch = [];
      if (ids.length === 0) return;
      markNotificationsRead(ids).then(
        ({ unreadCount }) => callbacks.current.onMarked(ids, unreadCount),
        () => {
          for (const id of ids) done.current.delete(id);
          callbacks.current.onFailed();
        },
      );
    };
    const seen = (id: number) => {
      if (!unreadIds.has(id) || done.current.has(id)) return;
      done.current.add(id);
      batch.push(id);
      timer ??= setTimeout(flush, MARK_BATCH_MS);
    };
    const rows = [...container.querySelectorAll<HTMLElement>('[data-notification-id]')];
    const idOf = (el: Element) => Number((el as HTMLElement).dataset.notificationId);

    if (typeof IntersectionObserver === 'undefined') {
      for (const row of rows) seen(idOf(row));
      return () => {
        if (timer) clearTimeout(timer);
        flush();
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting && entry.intersectionRatio >= SEEN_RATIO) {
            seen(idOf(entry.target));
            observer.unobserve(entry.target);
          }
        }
      },
      { root: root?.current ?? null, threshold: [SEEN_RATIO] },
    );
    for (const row of rows)
      if (unreadIds.has(idOf(row)) && !done.current.has(idOf(row))) observer.observe(row);
    return () => {
      observer.disconnect();
      // What was seen before the list closed is still marked.
      if (timer) clearTimeout(timer);
      flush();
    };
  }, [root, unreadIds]);
}
