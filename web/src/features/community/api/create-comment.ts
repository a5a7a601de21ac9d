import type { Comment, ProfileSummary } from '@kring/contract';
import { limits } from '@kring/contract/limits';
import { useCallback } from 'react';
import { call } from '../../../lib/api.ts';
import { useCommunityCache } from './cache.ts';
import { usePostComments } from './post.ts';

let lastTemporaryId = 0;

/** A comment that is still on its way to the server. */
export const isSending = (comment: Comment) => comment.id < 0;

/** The post's comment count on the post page and the timeline card, changed by `change`. */
export function useCommentCount(postId: number) {
  const { patchPost } = useCommunityCache();
  return useCallback(
    (change: number) => patchPost(postId, (p) => ({ commentCount: Math.max(0, p.commentCount + change) })),
    [patchPost, postId],
  );
}

/**
 * Places a comment (parent null: on the post), shown at once while it is sent (a negative id marks
 * it); the server's comment replaces it, or it is taken out again and the error thrown (the caller
 * keeps the text). `onShown` gets the id of the stand-in once it is on the screen.
 */
export function useCreateComment(postId: number, me: ProfileSummary | null) {
  const { addComment, replaceComment, dropComment } = usePostComments(postId);
  const count = useCommentCount(postId);
  return useCallback(
    async (parent: Comment | null, content: string, onShown?: (id: number) => void): Promise<Comment> => {
      if (!me) throw new Error('User is not logged in');
      lastTemporaryId -= 1;
      const now = new Date().toISOString();
      const sending: Comment = {
        id: lastTemporaryId,
        postId,
        parentId: parent?.id ?? null,
        depth: parent ? Math.min(parent.depth + 1, limits.commentDepthMax) : 0,
        content,
        author: me,
        points: 0,
        hasUpvoted: false,
        createdAt: now,
        updatedAt: now,
        mentions: [],
        deletedAt: null,
        deleteReason: null,
      };
      await Promise.all([addComment(sending), count(1)]);
      onShown?.(sending.id);
      try {
        const { comment } = await call('community', 'createComment', {
          postId,
          parentId: parent?.id ?? null,
          content,
        });
        await replaceComment(sending.id, comment);
        return comment;
      } catch (error) {
        await Promise.all([dropComment(sending.id), count(-1)]);
        throw error;
      }
    },
    [me, postId, addComment, replaceComment, dropComment, count],
  );
}
