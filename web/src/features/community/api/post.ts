/**
 * The post page's data: one SWR key per page of comment threads, all under `post/{id}/` so the cache
 * module's patches (votes, the comment count) reach every page, and the comment writes of the post
 * page (insert a reply under its parent, swap a comment being sent for the server's, take it out).
 */
import type { Comment } from '@kring/contract';
import { useCallback, useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { call } from '../../../lib/api.ts';
import { useApi } from '../../../lib/use-api.ts';
import { type Order, postKeyPrefix } from './cache.ts';

/** Threads per page (getPost's default, written out so the key says what was asked). */
export const COMMENT_THREADS_PER_PAGE = 20;

export interface CommentPageQuery {
  postId: number;
  order: Order;
  /** null: the first page. */
  cursor: string | null;
  /** Only on the first page: the comment of `?showComment=`, whose thread the server appends. */
  focusCommentId: number | null;
}

/** `post/{id}/{order}/{cursor}/{focus}`: the first page has an empty cursor. */
export const commentPageKey = ({ postId, order, cursor, focusCommentId }: CommentPageQuery) =>
  `${postKeyPrefix(postId)}${order}/${cursor ?? ''}/${focusCommentId ?? ''}`;

/** The SWR key and call of one page of a post's comment threads (also preloaded: member-boot.ts). */
export const commentPageSource = (query: CommentPageQuery) => ({
  key: commentPageKey(query),
  fetch: () =>
    call('community', 'getPost', {
      postId: query.postId,
      order: query.order,
      commentsCursor: query.cursor,
      commentsPageSize: COMMENT_THREADS_PER_PAGE,
      focusCommentId: query.focusCommentId,
    }),
});

/**
 * One page of a post's comment threads (with the post). Not revalidated on focus or reconnect: the
 * threads would move under the reader's eyes, and a comment the member just placed on the first page
 * would vanish until its own page is loaded. A reload, a new sort order or a new visit asks again.
 */
export const useCommentPage = (query: CommentPageQuery | null) =>
  useApi(query ? commentPageKey(query) : null, () => commentPageSource(query as CommentPageQuery).fetch(), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });

export type CommentPage = NonNullable<ReturnType<typeof useCommentPage>['data']>;

const isPage = (data: unknown): data is CommentPage =>
  typeof data === 'object' && data !== null && Array.isArray((data as CommentPage).comments);

/** Where a new reply goes in a depth-first list: after its parent's whole subtree (oldest first and, with no points yet, in points order too). */
function insertReply(comments: Comment[], reply: Comment): Comment[] | null {
  const at = comments.findIndex((c) => c.id === reply.parentId);
  if (at < 0) return null;
  const parent = comments[at] as Comment;
  let end = at + 1;
  while (end < comments.length && (comments[end] as Comment).depth > parent.depth) end += 1;
  return [...comments.slice(0, end), reply, ...comments.slice(end)];
}

/**
 * The comment writes of one post page, applied to every loaded page of its threads at once (both
 * orders). A new top-level comment goes first on the first page, where the member sees it under the
 * comment box; a later page that brings it again drops it by id.
 */
export function usePostComments(postId: number) {
  const { mutate } = useSWRConfig();
  const onPages = useCallback(
    (firstOnly: boolean, update: (comments: Comment[]) => Comment[] | null) => {
      const prefix = postKeyPrefix(postId);
      return mutate(
        (key: unknown) =>
          typeof key === 'string' &&
          key.startsWith(prefix) &&
          (!firstOnly || key.slice(prefix.length).split('/')[1] === ''),
        (data: unknown) => {
          if (!isPage(data)) return data;
          const comments = update(data.comments);
          return comments ? { ...data, comments } : data;
        },
        { revalidate: false },
      );
    },
    [mutate, postId],
  );

  const addComment = useCallback(
    (comment: Comment) =>
      comment.parentId === null
        ? onPages(true, (comments) => [comment, ...comments])
        : onPages(false, (comments) => insertReply(comments, comment)),
    [onPages],
  );
  const replaceComment = useCallback(
    (id: number, next: Comment) =>
      onPages(false, (comments) =>
        comments.some((c) => c.id === id) ? comments.map((c) => (c.id === id ? next : c)) : null,
      ),
    [onPages],
  );
  const dropComment = useCallback(
    (id: number) =>
      onPages(false, (comments) =>
        comments.some((c) => c.id === id) ? comments.filter((c) => c.id !== id) : null,
      ),
    [onPages],
  );
  return useMemo(
    () => ({ addComment, replaceComment, dropComment }),
    [addComment, replaceComment, dropComment],
  );
}
