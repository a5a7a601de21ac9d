import { describe, expect, it } from 'vitest';
import { notificationHref, notificationText } from './notification-text.ts';

const latestUser = { id: 3, name: 'karel', role: 1 as const, karmaPoints: 0, avatarUrl: null };

describe('notificationText (spec 8)', () => {
  it('words replies and upvotes for one or two users', () => {
    const replyPost = { type: 'REPLY_POST' as const, replyAuthorId: 3, postId: 9, replyCommentId: 4 };
    expect(notificationText({ actionPayload: replyPost, uniqueUsers: 1, latestUser })).toBe(
      'karel heeft gereageerd op je bericht.',
    );
    const upvoteComment = { type: 'UPVOTE_COMMENT' as const, votingUserId: 3, postId: 9, commentId: 5 };
    expect(notificationText({ actionPayload: upvoteComment, uniqueUsers: 2, latestUser })).toBe(
      'karel vindt je reactie leuk',
    );
  });

  it("says 'en N anderen' with more than two users, N being the count minus one", () => {
    const replyComment = {
      type: 'REPLY_COMMENT' as const,
      replyAuthorId: 3,
      postId: 9,
      commentId: 5,
      replyCommentId: 6,
    };
    expect(notificationText({ actionPayload: replyComment, uniqueUsers: 4, latestUser })).toBe(
      'karel en 3 anderen hebben gereageerd op je reactie.',
    );
    const upvotePost = { type: 'UPVOTE_POST' as const, votingUserId: 3, postId: 9 };
    expect(notificationText({ actionPayload: upvotePost, uniqueUsers: 3, latestUser })).toBe(
      'karel en 2 anderen vinden je bericht leuk',
    );
  });

  it('links to the post, highlighting the comment when there is one', () => {
    expect(notificationHref({ actionPayload: { type: 'UPVOTE_POST', votingUserId: 3, postId: 9 } })).toBe(
      '/community/bericht/9',
    );
    expect(
      notificationHref({
        actionPayload: { type: 'REPLY_POST', replyAuthorId: 3, postId: 9, replyCommentId: 4 },
      }),
    ).toBe('/community/bericht/9?showComment=4');
  });

  it('words a mention and links to the comment that holds it, or to the post', () => {
    const inComment = { type: 'MENTION' as const, mentioningUserId: 3, postId: 9, commentId: 7 };
    const inPost = { type: 'MENTION' as const, mentioningUserId: 3, postId: 9, commentId: null };
    expect(notificationText({ actionPayload: inComment, uniqueUsers: 1, latestUser })).toBe(
      'karel heeft je genoemd in een reactie.',
    );
    expect(notificationText({ actionPayload: inPost, uniqueUsers: 2, latestUser })).toBe(
      'karel heeft je genoemd in een bericht.',
    );
    expect(notificationText({ actionPayload: inPost, uniqueUsers: 3, latestUser })).toBe(
      'karel en 2 anderen hebben je genoemd in een bericht of de reacties erop.',
    );
    expect(notificationHref({ actionPayload: inComment })).toBe('/community/bericht/9?showComment=7');
    expect(notificationHref({ actionPayload: inPost })).toBe('/community/bericht/9');
  });
});
