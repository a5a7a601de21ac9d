/**
 * The writes on a post page's comments, each reaching every cached copy at once: a new comment shows
 * while it is sent (a negative id marks it) and the server's comment replaces it, or it is taken out
 * again and the caller keeps the text; the post's comment count follows on the post page and the
 * timeline card. Edits and deletes wait for the server (the dialog or form says so meanwhile) and then
 * patch the comment in place: a deleted one keeps its place as a placeholder. Each is one file in `api/`.
 */
import type { ProfileSummary } from '@kring/contract';
import { useMemo } from 'react';
import { useCreateComment } from '../api/create-comment.ts';
import { useDeleteComment } from '../api/delete-comment.ts';
import { useDeleteCommentModerator } from '../api/delete-comment-moderator.ts';
import { useEditComment } from '../api/edit-comment.ts';

export function useCommentActions(postId: number, me: ProfileSummary | null) {
  const send = useCreateComment(postId, me);
  const edit = useEditComment();
  const remove = useDeleteComment(postId);
  const removeAsModerator = useDeleteCommentModerator(postId);
  return useMemo(() => ({ send, edit, remove, removeAsModerator }), [send, edit, remove, removeAsModerator]);
}
