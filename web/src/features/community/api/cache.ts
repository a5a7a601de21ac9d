/**
 * What the community screens keep in SWR's cache, and how a write reaches every copy of what it
 * changed: a vote on the post page shows on the timeline card, a new comment raises the card's
 * count. Every page of every post list is its own SWR key (`posts/…`), so one filtered mutate
 * reaches them all (useSWRInfinite's keys are out of reach of filtered mutates: vercel/swr#2533).
 */
import type { Comment, Post } from '@kring/contract';
import { useCallback, useMemo } from 'react';
import { useSWRConfig } from 'swr';
import type { ApiInput } from '../../../lib/api.ts';
import { dropPreloaded } from '../../../lib/preload.ts';

/** Posts, comments and members sort by points or by time (spec 3); one schema in the contract. */
export type Order = NonNullable<ApiInput<'community', 'listPosts'>['order']>;

export interface PostListQuery {
  order: Order;
  topicId: number | null;
  articleSlug: string | null;
}

/** One page of a post list: `posts/{order}/{topicId|-}/{articleSlug|-}/{cursor}` (empty cursor = page 1). */
export const postListKey = (query: PostListQuery, cursor: string | null) =>
  `posts/${query.order}/${query.topicId ?? '-'}/${query.articleSlug ?? '-'}/${cursor ?? ''}`;

/** A post with (a page of) its comments: `post/{id}/…`. */
export const postKeyPrefix = (postId: number) => `post/${postId}/`;

type PostPatch = Partial<Post> | ((post: Post) => Partial<Post>);
type CommentPatch = Partial<Comment> | ((comment: Comment) => Partial<Comment>);

const apply = <T>(value: T, patch: Partial<T> | ((value: T) => Partial<T>)): T => ({
  ...value,
  ...(typeof patch === 'function' ? patch(value) : patch),
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Changes one post wherever a cached answer holds it: list pages, the post page, profiles. */
function patchPostIn(data: unknown, postId: number, patch: PostPatch): unknown {
  if (!isRecord(data)) return data;
  let changed = false;
  const next: Record<string, unknown> = { ...data };
  for (const field of ['items', 'posts'] as const) {
    const list = data[field];
    if (Array.isArray(list) && list.some((p: Post) => p.id === postId)) {
      next[field] = list.map((p: Post) => (p.id === postId ? apply(p, patch) : p));
      changed = true;
    }
  }
  if (isRecord(data.post) && data.post.id === postId) {
    next.post = apply(data.post as Post, patch);
    changed = true;
  }
  return changed ? next : data;
}

function patchCommentIn(data: unknown, commentId: number, patch: CommentPatch): unknown {
  if (!isRecord(data) || !Array.isArray(data.comments)) return data;
  const comments = data.comments as Comment[];
  if (!comments.some((c) => c.id === commentId)) return data;
  return { ...data, comments: comments.map((c) => (c.id === commentId ? apply(c, patch) : c)) };
}

const isCommunityKey = (key: unknown) =>
  typeof key === 'string' &&
  (key.startsWith('posts/') || key.startsWith('post/') || key.startsWith('profile/'));

/**
 * A write changed what the community answers hold: answers fetched ahead of their page (a post card
 * prefetches its post, lib/preload.ts) predate it and must not be shown, the page asks anew.
 */
const dropCommunityPreloads = () => dropPreloaded((key) => isCommunityKey(key) || key.startsWith('topics'));

/** Writes into the cache without asking the server again (the write's own answer is the truth). */
export function useCommunityCache() {
  const { mutate } = useSWRConfig();
  const patchPost = useCallback(
    (postId: number, patch: PostPatch) => {
      dropCommunityPreloads();
      return mutate(isCommunityKey, (data: unknown) => patchPostIn(data, postId, patch), {
        revalidate: false,
      });
    },
    [mutate],
  );
  const patchComment = useCallback(
    (commentId: number, patch: CommentPatch) => {
      dropCommunityPreloads();
      return mutate(isCommunityKey, (data: unknown) => patchCommentIn(data, commentId, patch), {
        revalidate: false,
      });
    },
    [mutate],
  );
  /**
   * Asks the server again for every post list and the topic lists with their post counts (after a
   * new, edited or removed post, or a pin).
   */
  const reloadPostLists = useCallback(() => {
    dropCommunityPreloads();
    return mutate(
      (key: unknown) => typeof key === 'string' && (key.startsWith('posts/') || key.startsWith('topics')),
    );
  }, [mutate]);
  return useMemo(
    () => ({ patchPost, patchComment, reloadPostLists }),
    [patchPost, patchComment, reloadPostLists],
  );
}
