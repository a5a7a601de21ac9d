import { useCallback } from 'react';
import { deletePostModerator } from '../../../lib/api/delete-post-moderator.ts';
import { useCommunityCache } from './cache.ts';

/** A moderator's removal; the author is mailed the reason, and sees it on the post too. */
export function useDeletePostModerator(postId: number) {
  const { patchPost, reloadPostLists } = useCommunityCache();
  return useCallback(
    async (reason: string) => {
      await deletePostModerator(postId, reason);
      await patchPost(postId, { deletedAt: new Date().toISOString(), content: '', deleteReason: reason });
      void reloadPostLists();
    },
    [postId, patchPost, reloadPostLists],
  );
}
