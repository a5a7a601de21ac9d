import type { Post } from '@kring/contract';
import { useCallback } from 'react';
import { call } from '../../../lib/api.ts';
import type { PostEditorValues } from '../components/post-editor.tsx';
import { useCommunityCache } from './cache.ts';

/**
 * The author's edit of a post: waits for the server, then patches every cached copy and asks the
 * post lists and topic counts again (its topics may have changed).
 */
export function useEditPost({ id: postId, articleSlug }: Pick<Post, 'id' | 'articleSlug'>) {
  const { patchPost, reloadPostLists } = useCommunityCache();
  return useCallback(
    async (values: PostEditorValues) => {
      const answer = await call('community', 'editPost', {
        postId,
        title: values.title,
        content: values.content,
        topics: values.topics,
        addedImageRefs: values.addedImageRefs,
        deletedImageRefs: values.deletedImageRefs,
        articleSlug,
      });
      await patchPost(postId, answer.post);
      void reloadPostLists();
    },
    [postId, articleSlug, patchPost, reloadPostLists],
  );
}
