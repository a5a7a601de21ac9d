import { useCallback } from 'react';
import { call } from '../../../lib/api.ts';
import type { PostEditorValues } from '../components/post-editor.tsx';
import { useCommunityCache } from './cache.ts';

/** Starts a discussion of a kennisbank article; the post lists and topic counts are asked again. */
export function useCreateArticlePost(articleSlug: string) {
  const { reloadPostLists } = useCommunityCache();
  return useCallback(
    async ({ title, content, topics, addedImageRefs }: PostEditorValues) => {
      await call('community', 'createArticlePost', { title, content, topics, addedImageRefs, articleSlug });
      void reloadPostLists();
    },
    [articleSlug, reloadPostLists],
  );
}
