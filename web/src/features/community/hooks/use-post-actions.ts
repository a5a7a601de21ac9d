/**
 * The writes on a post page's post, beside the comment writes (use-comment-actions.ts): the author's
 * edit and delete, a moderator's pin, unpin and removal. Each waits for the server, then patches every
 * cached copy of the post and asks the post lists and topic counts again (an edit may change topics,
 * a pin the order, a removal takes a card out).
 */
import type { Post } from '@kring/contract';
import { useCallback, useMemo } from 'react';
import { call } from '../../../lib/api.ts';
import { useCommunityCache } from '../api/cache.ts';
import type { PostEditorValues } from '../components/post-editor.tsx';

export function usePostActions(post: Post) {
  const { patchPost, reloadPostLists } = useCommunityCache();
  const { id: postId, articleSlug, pinnedAt } = post;

  const edit = useCallback(
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
      // Its topics may have changed: topic-filtered lists and topic counts are asked for again.
      void reloadPostLists();
    },
    [postId, articleSlug, patchPost, reloadPostLists],
  );

  /** Pins an unpinned post, unpins a pinned one (moderators). */
  const togglePin = useCallback(async () => {
    const answer = await call('community', pinnedAt ? 'unpinPostModerator' : 'pinPostModerator', { postId });
    await patchPost(postId, { pinnedAt: answer.post.pinnedAt });
    void reloadPostLists();
  }, [postId, pinnedAt, patchPost, reloadPostLists]);

  /** The author's delete. */
  const remove = useCallback(async () => {
    await call('community', 'deletePost', { postId });
    await patchPost(postId, { deletedAt: new Date().toISOString(), content: '' });
    void reloadPostLists();
  }, [postId, patchPost, reloadPostLists]);

  /** A moderator's removal; the author is mailed the reason, and sees it here too. */
  const removeAsModerator = useCallback(
    async (reason: string) => {
      await call('community', 'deletePostModerator', { postId, reason });
      await patchPost(postId, { deletedAt: new Date().toISOString(), content: '', deleteReason: reason });
      void reloadPostLists();
    },
    [postId, patchPost, reloadPostLists],
  );

  return useMemo(
    () => ({ edit, togglePin, remove, removeAsModerator }),
    [edit, togglePin, remove, removeAsModerator],
  );
}
