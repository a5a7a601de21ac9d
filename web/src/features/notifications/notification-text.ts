import type { Notification } from '@kring/contract';
import {
  notificationCommentId,
  notificationText as sharedNotificationText,
} from '@kring/contract/notification-text';
import { paths } from '../../lib/paths.ts';

/**
 * The sentence of a notification row (spec 8), shared with the notification mail through the
 * contract: '{name} heeft gereageerd op je bericht.', and with more than two users '{name} en N
 * anderen ...', N being the count minus one.
 */
export const notificationText = (
  notification: Pick<Notification, 'actionPayload' | 'uniqueUsers' | 'latestUser'>,
): string => sharedNotificationText(notification);

/** Where a notification leads: the post, with the comment highlighted when there is one. */
export function notificationHref(notification: Pick<Notification, 'actionPayload'>): string {
  const payload = notification.actionPayload;
  const commentId = notificationCommentId(notification);
  return commentId
    ? paths.community.comment(payload.postId, commentId)
    : paths.community.post(payload.postId);
}
