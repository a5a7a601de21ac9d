import type { undoUpvotePost } from '@kring/contract';
import type { Handler } from '../lib/handler.ts';
import { removeVote } from './notifications.repo.ts';
import { publishUnread } from './notify.ts';
import { postNotFound } from './post-rules.ts';
import { findPostState } from './posts.repo.ts';
import * as votes from './votes.repo.ts';

/** Takes the caller's vote back (nothing happens without one): points, karma and notification follow. */
export const undoUpvotePostHandler: Handler<typeof undoUpvotePost> = async (
  { db, profileId },
  { postId },
) => {
  const result = await db.transaction().execute(async (tx) => {
    const post = await findPostState(tx, postId);
    if (!post || post.deleted_at) throw postNotFound();
    if (!(await votes.removePostVote(tx, postId, profileId))) {
      return { points: await votes.postPoints(tx, postId), notified: null };
    }
    const points = await votes.adjustPostPoints(tx, postId, -1);
    if (post.author_id === profileId) return { points, notified: null };
    await votes.adjustKarma(tx, post.author_id, -1);
    const changed = await removeVote(
      tx,
      { recipientId: post.author_id, kind: 'UPVOTE_POST', postId, commentId: null },
      profileId,
    );
    return { points, notified: changed ? post.author_id : null };
  });
  if (result.notified !== null) await publishUnread(db, [result.notified]);
  return { points: result.points, hasUpvoted: false };
};
