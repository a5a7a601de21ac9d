import type { Comment } from '@kring/contract';
import { useCallback } from 'react';
import { call } from '../../../lib/api.ts';
import { useCommunityCache } from './cache.ts';

/** The author's edit of a comment: waits for the server, then patches every cached copy. */
export function useEditComment() {
  const { patchComment } = useCommunityCache();
  return useCallback(
    async (comment: Comment, content: string) => {
      const answer = await call('community', 'editComment', { commentId: comment.id, content });
      await patchComment(comment.id, answer.comment);
    },
    [patchComment],
  );
}
