import { useCallback } from 'react';
import { call } from '../../../lib/api.ts';
import { useCommunityCache } from './cache.ts';

/** The author's delete: every cached copy becomes the removed placeholder; the lists drop the card. */
export function useDeletePost(postId: number) {
  const { patchPost, reloadPostLists } = useCommunityCache();
  return useCallback(async () => {
    await call('community', 'deletePost', { postId });
    await patchPost(postId, { deletedAt: new Date().toISOString(), content: '' });
    void reloadPostLists();
  }, [postId, patchPost, reloadPostLists]);
}
