import { call } from '../../../lib/api.ts';

/** Takes back the caller's upvote of a post; answers its exact points (useVote shows the change before the answer). */
export const undoUpvotePost = (postId: number) => call('community', 'undoUpvotePost', { postId });
