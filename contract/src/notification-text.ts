import type { Notification } from './schemas.ts';

/** The words of a notification (spec 8, verbatim): the bell in the web and the notification mail share them. */
export const notificationWords = {
  replyPost: 'heeft gereageerd op je bericht.',
  replyComment: 'heeft gereageerd op je reactie.',
  replyPostMany: (n: number) => `en ${n} anderen hebben gereageerd op je bericht.`,
  replyCommentMany: (n: number) => `en ${n} anderen hebben gereageerd op je reactie.`,
  upvotePost: 'vindt je bericht leuk',
  upvoteComment: 'vindt je reactie leuk',
  upvotePostMany: (n: number) => `en ${n} anderen vinden je bericht leuk`,
  upvoteCommentMany: (n: number) => `en ${n} anderen vinden je reactie leuk`,
  mentionPost: 'heeft je genoemd in een bericht.',
  mentionComment: 'heeft je genoemd in een reactie.',
  mentionMany: (n: number) => `en ${n} anderen hebben je genoemd in een bericht of de reacties erop.`,
  someone: 'Iemand',
} as const;

type Wordable = Pick<Notification, 'actionPayload' | 'uniqueUsers'> & {
  latestUser: { name: string } | null | undefined;
};

/**
 * The sentence of a notification (spec 8): '{name} heeft gereageerd op je bericht.', and with more
 * than two users '{name} en N anderen ...', N being the count minus one.
 */
export function notificationText(notification: Wordable): string {
  const m = notificationWords;
  const name = notification.latestUser?.name ?? m.someone;
  const many = notification.uniqueUsers > 2;
  const others = notification.uniqueUsers - 1;
  switch (notification.actionPayload.type) {
    case 'REPLY_POST':
      return `${name} ${many ? m.replyPostMany(others) : m.replyPost}`;
    case 'REPLY_COMMENT':
      return `${name} ${many ? m.replyCommentMany(others) : m.replyComment}`;
    case 'UPVOTE_POST':
      return `${name} ${many ? m.upvotePostMany(others) : m.upvotePost}`;
    case 'UPVOTE_COMMENT':
      return `${name} ${many ? m.upvoteCommentMany(others) : m.upvoteComment}`;
    case 'MENTION':
      return `${name} ${
        many
          ? m.mentionMany(others)
          : notification.actionPayload.commentId === null
            ? m.mentionPost
            : m.mentionComment
      }`;
  }
}

/** The comment a notification points at (the reply, or the upvoted comment); null for a post upvote. */
export function notificationCommentId(notification: Pick<Notification, 'actionPayload'>): number | null {
  const payload = notification.actionPayload;
  return 'replyCommentId' in payload
    ? payload.replyCommentId
    : 'commentId' in payload
      ? payload.commentId
      : null;
}
