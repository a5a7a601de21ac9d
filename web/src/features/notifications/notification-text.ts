import type { Notification } from '@kring/contract';
import { paths } from '../../lib/paths.ts';
import { nlNotifications } from '../../messages/community.ts';

/**
 * The sentence of a notification row (spec 8): '{name} heeft gereageerd op je bericht.', and with
 * more than two users '{name} en N anderen ...', N being the count minus one.
 */
export function notificationText(
  notification: Pick<Notification, 'actionPayload' | 'uniqueUsers' | 'latestUser'>,
) {
  const name = notification.latestUser?.name ?? nlNotifications.someone;
  const many = notification.uniqueUsers > 2;
  const others = notification.uniqueUsers - 1;
  const m = nlNotifications;
  switch (notification.actionPayload.type) {
    case 'REPLY_POST':
      return `${name} ${many ? m.replyPostMany(others) : m.replyPost}`;
    case 'REPLY_COMMENT':
      return `${name} ${many ? m.replyCommentMany(others) : m.replyComment}`;
    case 'UPVOTE_POST':
      return `${name} ${many ? m.upvotePostMany(others) : m.upvotePost}`;
    case 'UPVOTE_COMMENT':
      return `${name} ${many ? m.upvoteCommentMany(others) : m.upvoteComment}`;
  }
}

/** Where a notification leads: the post, with the comment highlighted when there is one. */
export function notificationHref(notification: Pick<Notification, 'actionPayload'>): string {
  const payload = notification.actionPayload;
  const commentId =
    'replyCommentId' in payload ? payload.replyCommentId : 'commentId' in payload ? payload.commentId : null;
  return commentId
    ? paths.community.comment(payload.postId, commentId)
    : paths.community.post(payload.postId);
}
