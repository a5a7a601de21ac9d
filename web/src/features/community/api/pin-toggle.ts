import type { Post } from '@kring/contract';
import { useCallback } from 'react';
import { useCommunityCache } from './cache.ts';
import { pinPostModerator } from './pin-post-moderator.ts';
import { unpinPostModerator } from './unpin-post-moderator.ts';

/** A moderator pins an unpinned post or unpins a pinned one; the lists are asked again (the order). */
export function useTogglePin({ id: postId, pinnedAt }: Pick<Post, 'id' | 'pinnedAt'>) {
  const { patchPost, reloadPostLists } = useCommunityCache();
  return useCallback(async () => {
    const answer = await (pinnedAt ? unpinPostModerator : pinPostModerator)(postId);
    await patchPost(postId, { pinnedAt: answer.post.pinnedAt });
    void reloadPostLists();
  }, [postId, pinnedAt, patchPost, reloadPostLists]);
}
