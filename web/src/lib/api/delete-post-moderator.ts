import { call } from '../api.ts';

/**
 * A moderator removes a post with a reason (the author is mailed it). Shared: the post's own page
 * (community's useDeletePostModerator, which updates the cached post) and the moderation queue.
 */
export const deletePostModerator = (postId: number, reason: string) =>
  call('community', 'deletePostModerator', { postId, reason });
