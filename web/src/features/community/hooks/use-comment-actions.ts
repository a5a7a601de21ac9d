/**
 * The writes on a post page's comments, each reaching every cached copy at once: a new comment shows
 * while it is sent (a negative id marks it) and the server's comment replaces it, or it is taken out
 * again and the caller keeps the text; the post's comment count follows on the post page and the
 * timeline card. Edits and deletes wait for the server (the dialog or form says so meanwhile) and then
 * patch the comment in place: a deleted one keeps its place as a placeholder.
 */
import type { Comment, ProfileSummary } from '@kring/contract';
import { limits } from '@kring/contract/limits';
import { useCallback, useMemo } from 'react';
import { call } from '../../../lib/api.ts';
import { useCommunityCache } from '../api/cache.ts';
import { usePostComments } from '../api/post.ts';

let lastTemporaryId = 0;

/** A comment that is still on its way to the server. */
export const isSending = (comment: Comment) => comment.id < 0;

export function useCommentActions(postId: number, me: ProfileSummary | null) {
  const { addComment, replaceComment, dropComment } = usePostComments(postId);
  const { patchPost, patchComment } = useCommunityCache();

  const count = useCallback(
    (change: number) => patchPost(postId, (p) => ({ commentCount: Math.max(0, p.commentCount + change) })),
    [patchPost, postId],
  );

  /**
   * Places a comment (parent null: on the post); throws when the server refused it. `onShown` gets
   * the id of the stand-in once it is on the screen.
   */
  const send = useCallback(
    async (parent: Comment | null, content: string, onShown?: (id: number) => void): Promise<Comment> => {
      if (!me) throw new Error('User is not logged in');
      lastTemporaryId -= 1;
      const now = new Date().toISOString();
      const sending: Comment = {
        id: lastTemporaryId,
        postId,
        parentId: parent?.id ?? null,
        depth: parent ? Math.min(parent.depth + 1, limits.commentDepthMax) : 0,
        content,
        author: me,
        points: 0,
        hasUpvoted: false,
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
        deleteReason: null,
      };
      await Promise.all([addComment(sending), count(1)]);
      onShown?.(sending.id);
      try {
        const { comment } = await call('community', 'createComment', {
          postId,
          parentId: parent?.id ?? null,
          content,
        });
        await replaceComment(sending.id, comment);
        return comment;
      } catch (error) {
        await Promise.all([dropComment(sending.id), count(-1)]);
        throw error;
      }
    },
    [me, postId, addComment, replaceComment, dropComment, count],
  );

  const edit = useCallback(
    async (comment: Comment, content: string) => {
      const answer = await call('community', 'editComment', { commentId: comment.id, content });
      await patchComment(comment.id, answer.comment);
    },
    [patchComment],
  );

  const removed = useCallback(
    (comment: Comment, deleteReason: string | null) =>
      Promise.all([
        patchComment(comment.id, { deletedAt: new Date().toISOString(), content: '', deleteReason }),
        count(-1),
      ]),
    [patchComment, count],
  );

  /** The author's delete. */
  const remove = useCallback(
    async (comment: Comment) => {
      await call('community', 'deleteComment', { commentId: comment.id });
      await removed(comment, null);
    },
    [removed],
  );

  /** A moderator's removal; the author is mailed the reason, and sees it here too. */
  const removeAsModerator = useCallback(
    async (comment: Comment, reason: string) => {
      await call('community', 'deleteCommentModerator', { commentId: comment.id, reason });
      await removed(comment, reason);
    },
    [removed],
  );

  return useMemo(() => ({ send, edit, remove, removeAsModerator }), [send, edit, remove, removeAsModerator]);
}
