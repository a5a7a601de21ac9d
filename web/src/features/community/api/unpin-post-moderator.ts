import { call } from '../../../lib/api.ts';

/** A moderator unpins a pinned post; answers the post with pinnedAt null. */
export const unpinPostModerator = (postId: number) => call('community', 'unpinPostModerator', { postId });
