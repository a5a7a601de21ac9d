import type { Comment } from '@kring/contract';
import { useCallback } from 'react';
import { deleteCommentModerator } from '../../../lib/api/delete-comment-moderator.ts';
import { useMarkCommentRemoved } from './delete-comment.ts';

/** A moderator's removal; the author is mailed the reason, and sees it here too. */
export function useDeleteCommentModerator(postId: number) {
  const removed = useMarkCommentRemoved(postId);
  return useCallback(
    async (comment: Comment, reason: string) => {
      await deleteCommentModerator(comment.id, reason);
      await removed(comment, reason);
    },
    [removed],
  );
}
