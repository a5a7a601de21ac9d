/**
 * The writes on a post page's post, beside the comment writes (use-comment-actions.ts): the author's
 * edit and delete, a moderator's pin, unpin and removal. Each waits for the server, then patches every
 * cached copy of the post and asks the post lists and topic counts again (an edit may change topics,
 * a pin the order, a removal takes a card out); each is one file in `api/`.
 */
import type { Post } from '@kring/contract';
import { useMemo } from 'react';
import { useDeletePost } from '../api/delete-post.ts';
import { useDeletePostModerator } from '../api/delete-post-moderator.ts';
import { useEditPost } from '../api/edit-post.ts';
import { useTogglePin } from '../api/pin-toggle.ts';

export function usePostActions(post: Post) {
  const edit = useEditPost(post);
  const togglePin = useTogglePin(post);
  const remove = useDeletePost(post.id);
  const removeAsModerator = useDeletePostModerator(post.id);
  return useMemo(
    () => ({ edit, togglePin, remove, removeAsModerator }),
    [edit, togglePin, remove, removeAsModerator],
  );
}
