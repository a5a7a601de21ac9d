import type { Comment } from '@kring/contract';
import { useCallback } from 'react';
import { call } from '../../../lib/api.ts';
import { useCommunityCache } from './cache.ts';
import { useCommentCount } from './create-comment.ts';

/** A removed comment keeps its place as a placeholder (with the moderator's reason, if any). */
export function useMarkCommentRemoved(postId: number) {
  const { patchComment } = useCommunityCache();
  const count = useCommentCount(postId);
  return useCallback(
    (comment: Comment, deleteReason: string | null) =>
      Promise.all([
        patchComment(comment.id, { deletedAt: new Date().toISOString(), content: '', deleteReason }),
        count(-1),
      ]),
    [patchComment, count],
  );
}

/** The author's delete. */
export function useDeleteComment(postId: number) {
  const removed = useMarkCommentRemoved(postId);
  return useCallback(
    async (comment: Comment) => {
      await call('community', 'deleteComment', { commentId: comment.id });
      await removed(comment, null);
    },
    [removed],
  );
}
