import type { deleteComment } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import { adjustCommentCount } from '../posts/posts.repo.ts';
import { commentNotFound, notYours } from '../shared/errors.ts';
import * as comments from './comments.repo.ts';

/** The author removes their own comment (soft); with replies it stays in the tree as an empty placeholder. */
export const deleteCommentHandler: Handler<typeof deleteComment> = async (
  { db, user, profileId },
  { commentId },
) => {
  await db.transaction().execute(async (tx) => {
    const comment = await comments.findCommentState(tx, commentId, true);
    if (!comment || comment.deleted_at) throw commentNotFound();
    if (comment.author_id !== profileId) throw notYours();
    await comments.softDeleteComment(tx, commentId, { byUid: user.uid, reason: null });
    await adjustCommentCount(tx, comment.post_id, -1);
  });
  return { ok: true };
};
