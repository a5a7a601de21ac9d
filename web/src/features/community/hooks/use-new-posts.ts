/**
 * 'N nieuwe berichten' on the timeline: the server signals each new post at `members/newPosts`
 * (Realtime Database, members only); when its id is above the newest post shown, the first page
 * is asked again in the background and the posts newer than the top one wait behind the button.
 * `take()` hands them over for the list to put above the others.
 */
import type { Post } from '@kring/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRealtimeValue } from '../../../hooks/use-realtime-value.ts';
import type { PostListQuery } from '../api/cache.ts';
import { postListPage } from '../api/posts.ts';

export const NEW_POSTS_PATH = 'members/newPosts';

const latestOf = (value: unknown): number | null =>
  typeof value === 'object' &&
  value !== null &&
  'latestPostId' in value &&
  typeof value.latestPostId === 'number'
    ? value.latestPostId
    : null;

export function useNewPosts(
  query: PostListQuery,
  enabled: boolean,
  shown: { topId: number | null; topAt: string | null },
) {
  const latest = latestOf(useRealtimeValue(enabled ? NEW_POSTS_PATH : null));
  const [waiting, setWaiting] = useState<Post[]>([]);
  const asked = useRef<number | null>(null);
  const { topId, topAt } = shown;

  useEffect(() => {
    if (!enabled || latest === null || topId === null || topAt === null) return;
    if (latest <= topId || (asked.current !== null && latest <= asked.current)) return;
    asked.current = latest;
    let current = true;
    let settled = false;
    postListPage(query, null)
      .fetch()
      .then(
        ({ items }) => {
          settled = true;
          if (!current) return;
          const newer = items.filter((p) => p.pinnedAt === null && p.createdAt > topAt && p.id > topId);
          setWaiting((before) => {
            const ids = new Set(newer.map((p) => p.id));
            return [...newer, ...before.filter((p) => !ids.has(p.id))];
          });
        },
        () => {
          settled = true;
          // The next signal asks again.
          asked.current = null;
        },
      );
    return () => {
      current = false;
      // Given up before the answer (the list moved on): the same signal may ask again.
      if (!settled) asked.current = null;
    };
  }, [enabled, latest, topId, topAt, query]);

  const take = useCallback(() => {
    const taken = waiting;
    setWaiting([]);
    return taken;
  }, [waiting]);

  return { count: waiting.length, take };
}
