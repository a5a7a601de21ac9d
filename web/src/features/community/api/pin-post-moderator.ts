import { call } from '../../../lib/api.ts';

/** A moderator pins a post on top of the lists; answers the post with its pinnedAt. */
export const pinPostModerator = (postId: number) => call('community', 'pinPostModerator', { postId });
