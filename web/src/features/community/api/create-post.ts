import { useCallback } from 'react';
import { type ApiOutput, call } from '../../../lib/api.ts';
import type { PostEditorValues } from '../components/post-editor.tsx';
import { useCommunityCache } from './cache.ts';

export type CreatedPost = ApiOutput<'community', 'createPost'>['post'];

/** Places a new post on the timeline; the post lists and topic counts are asked again. */
export function useCreatePost() {
  const { reloadPostLists } = useCommunityCache();
  return useCallback(
    async ({ title, content, topics, addedImageRefs }: PostEditorValues): Promise<CreatedPost> => {
      const { post } = await call('community', 'createPost', { title, content, topics, addedImageRefs });
      void reloadPostLists();
      return post;
    },
    [reloadPostLists],
  );
}
