import type { Db, Tx } from '../../lib/db.ts';
import { findCommentState } from '../comments/comments.repo.ts';
import {
  type NotificationTarget,
  recordAction,
  withdrawUpvoteFromNotification,
} from '../notifications/notifications.repo.ts';
import { publishUnread } from '../notifications/notify.ts';
import { findPostState } from '../posts/posts.repo.ts';
import { commentNotFound, postNotFound } from '../shared/errors.ts';
import * as votes from './votes.repo.ts';

/** What a vote is on: a post or a comment, by id. */
export type VoteTarget = { post: number } | { comment: number };

/** An upvote, or taking one back. */
export type VoteDirection = 'up' | 'undo';

interface VotedOn {
  authorId: number;
  /** The author's notification this vote counts in. */
  notification: NotificationTarget;
  add(tx: Tx, profileId: number): Promise<boolean>;
  remove(tx: Tx, profileId: number): Promise<boolean>;
  adjustPoints(tx: Tx, delta: number): Promise<number>;
  points(tx: Tx): Promise<number>;
}

/** The post or comment voted on, if it can take votes (it and its post are not deleted). */
async function findVotedOn(tx: Tx, target: VoteTarget): Promise<VotedOn> {
  if ('post' in target) {
    const postId = target.post;
    const post = await findPostState(tx, postId);
    if (!post || post.deleted_at) throw postNotFound();
    return {
      authorId: post.author_id,
      notification: { recipientId: post.author_id, kind: 'UPVOTE_POST', postId, commentId: null },
      add: (t, profileId) => votes.addPostVote(t, postId, profileId),
      remove: (t, profileId) => votes.removePostVote(t, postId, profileId),
      adjustPoints: (t, delta) => votes.adjustPostPoints(t, postId, delta),
      points: (t) => votes.postPoints(t, postId),
    };
  }
  const commentId = target.comment;
  const comment = await findCommentState(tx, commentId);
  if (!comment || comment.deleted_at || comment.post_deleted_at) throw commentNotFound();
  return {
    authorId: comment.author_id,
    notification: {
      recipientId: comment.author_id,
      kind: 'UPVOTE_COMMENT',
      postId: comment.post_id,
      commentId,
    },
    add: (t, profileId) => votes.addCommentVote(t, commentId, profileId),
    remove: (t, profileId) => votes.removeCommentVote(t, commentId, profileId),
    adjustPoints: (t, delta) => votes.adjustCommentPoints(t, commentId, delta),
    points: (t) => votes.commentPoints(t, commentId),
  };
}

/**
 * One vote per member per post or comment; a repeat (or undoing a vote that is not there) changes
 * nothing. Points, the author's karma and their notification move in one transaction; a vote on your
 * own post or comment counts as a point but gives no karma and no notification. The author's unread
 * counter is published after the commit.
 */
export async function vote(
  db: Db,
  profileId: number,
  target: VoteTarget,
  direction: VoteDirection,
): Promise<{ points: number; hasUpvoted: boolean }> {
  const up = direction === 'up';
  const result = await db.transaction().execute(async (tx) => {
    const on = await findVotedOn(tx, target);
    if (!(await (up ? on.add(tx, profileId) : on.remove(tx, profileId)))) {
      return { points: await on.points(tx), notified: null };
    }
    const points = await on.adjustPoints(tx, up ? 1 : -1);
    if (on.authorId === profileId) return { points, notified: null };
    await votes.adjustKarma(tx, on.authorId, up ? 1 : -1);
    const changed = up
      ? await recordAction(tx, on.notification, { actorId: profileId })
      : await withdrawUpvoteFromNotification(tx, on.notification, profileId);
    return { points, notified: changed ? on.authorId : null };
  });
  if (result.notified !== null) await publishUnread(db, [result.notified]);
  return { points: result.points, hasUpvoted: up };
}
