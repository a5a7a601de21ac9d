import { call } from '../api.ts';

/**
 * A moderator removes a comment with a reason (the author is mailed it). Shared: the thread under a
 * post (community's useDeleteCommentModerator, which updates the cached comment) and the moderation
 * queue.
 */
export const deleteCommentModerator = (commentId: number, reason: string) =>
  call('community', 'deleteCommentModerator', { commentId, reason });
