import type { upvotePost } from '@kring/contract';
import type { Handler } from '../lib/handler.ts';
import { recordAction } from './notifications.repo.ts';
import { publishUnread } from './notify.ts';
import { postNotFound } from './post-rules.ts';
import { findPostState } from './posts.repo.ts';
import * as votes from './votes.repo.ts';

/**
 * One vote per member per post; a repeat changes nothing. Points, the author's karma and their
 * notification move in the same transaction. A vote on your own post counts as a point but gives no
 * karma and no notification.
 */
export const upvotePostHandler: Handler<typeof upvotePost> = async ({ db, profileId }, { postId }) => {
  const result = await db.transaction().execute(async (tx) => {
    const post = await findPostState(tx, postId);
    if (!post || post.deleted_at) throw postNotFound();
    if (!(await votes.addPostVote(tx, postId, profileId))) {
      return { points: await votes.postPoints(tx, postId), notified: null };
    }
    const points = await votes.adjustPostPoints(tx, postId, 1);
    if (post.author_id === profileId) return { points, notified: null };
    await votes.adjustKarma(tx, post.author_id, 1);
    await recordAction(
      tx,
      { recipientId: post.author_id, kind: 'UPVOTE_POST', postId, commentId: null },
      {
        actorId: profileId,
      },
    );
    return { points, notified: post.author_id };
  });
  if (result.notified !== null) await publishUnread(db, [result.notified]);
  return { points: result.points, hasUpvoted: true };
};
