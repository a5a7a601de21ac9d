import type { upvoteComment } from '@kring/contract';
import type { Handler } from '../lib/handler.ts';
import { findCommentState } from './comments.repo.ts';
import { recordAction } from './notifications.repo.ts';
import { publishUnread } from './notify.ts';
import { commentNotFound } from './post-rules.ts';
import * as votes from './votes.repo.ts';

/** One vote per member per comment, as for posts: your own comment gets the point but no karma or notification. */
export const upvoteCommentHandler: Handler<typeof upvoteComment> = async (
  { db, profileId },
  { commentId },
) => {
  const result = await db.transaction().execute(async (tx) => {
    const comment = await findCommentState(tx, commentId);
    if (!comment || comment.deleted_at || comment.post_deleted_at) throw commentNotFound();
    if (!(await votes.addCommentVote(tx, commentId, profileId))) {
      return { points: await votes.commentPoints(tx, commentId), notified: null };
    }
    const points = await votes.adjustCommentPoints(tx, commentId, 1);
    if (comment.author_id === profileId) return { points, notified: null };
    await votes.adjustKarma(tx, comment.author_id, 1);
    await recordAction(
      tx,
      { recipientId: comment.author_id, kind: 'UPVOTE_COMMENT', postId: comment.post_id, commentId },
      { actorId: profileId },
    );
    return { points, notified: comment.author_id };
  });
  if (result.notified !== null) await publishUnread(db, [result.notified]);
  return { points: result.points, hasUpvoted: true };
};
