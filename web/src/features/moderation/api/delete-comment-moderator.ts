import { call } from '../../../lib/api.ts';

/** Removes a reported comment with the moderator's reason (the author is mailed it). */
export const deleteCommentModerator = (commentId: number, reason: string) =>
  call('community', 'deleteCommentModerator', { commentId, reason });
