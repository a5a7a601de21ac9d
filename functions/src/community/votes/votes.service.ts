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
  kind: votes.VotedKind;
  id: number;
  authorId: number;
  /** The author's notification this vote counts in. */
  notification: NotificationTarget;
}

/** The post or comment voted on, if it can take votes (it and its post are not deleted). */
async function findVotedOn(tx: Tx, target: VoteTarget): Promise<VotedOn> {
  if ('post' in target) {
    const postId = target.post;
    const post = await findPostState(tx, postId);
    if (!post || post.deleted_at) throw postNotFound();
    return {
      kind: 'post',
      id: postId,
      authorId: post.author_id,
      notification: { recipientId: post.author_id, kind: 'UPVOTE_POST', postId, commentId: null },
    };
  }
  const commentId = target.comment;
  const comment = await findCommentState(tx, commentId);
  if (!comment || comment.deleted_at || comment.post_deleted_at) throw commentNotFound();
  return {
    kind: 'comment',
    id: commentId,
    authorId: comment.author_id,
    notification: {
      recipientId: comment.author_id,
      kind: 'UPVOTE_COMMENT',
      postId: comment.post_id,
      commentId,
    },
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
    const changed = up
      ? await votes.addVote(tx, on.kind, on.id, profileId)
      : await votes.removeVote(tx, on.kind, on.id, profileId);
    if (!changed) return { points: await votes.pointsOf(tx, on.kind, on.id), notified: null };
    const points = await votes.adjustPoints(tx, on.kind, on.id, up ? 1 : -1);
    if (on.authorId === profileId) return { points, notified: null };
    await votes.adjustKarma(tx, on.authorId, up ? 1 : -1);
    const notified = up
      ? await recordAction(tx, on.notification, { actorId: profileId })
      : await withdrawUpvoteFromNotification(tx, on.notification, profileId);
    return { points, notified: notified ? on.authorId : null };
  });
  if (result.notified !== null) await publishUnread(db, [result.notified]);
  return { points: result.points, hasUpvoted: up };
}
