import type { Post } from '@kring/contract';
import { useCallback } from 'react';
import { call } from '../../../lib/api.ts';
import { useCommunityCache } from './cache.ts';

/** A moderator pins an unpinned post or unpins a pinned one; the lists are asked again (the order). */
export function useTogglePin({ id: postId, pinnedAt }: Pick<Post, 'id' | 'pinnedAt'>) {
  const { patchPost, reloadPostLists } = useCommunityCache();
  return useCallback(async () => {
    const answer = await call('community', pinnedAt ? 'unpinPostModerator' : 'pinPostModerator', { postId });
    await patchPost(postId, { pinnedAt: answer.post.pinnedAt });
    void reloadPostLists();
  }, [postId, pinnedAt, patchPost, reloadPostLists]);
}
