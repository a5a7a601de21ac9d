import { call } from '../../../lib/api.ts';

/** Removes a reported post with the moderator's reason (the author is mailed it). */
export const deletePostModerator = (postId: number, reason: string) =>
  call('community', 'deletePostModerator', { postId, reason });
