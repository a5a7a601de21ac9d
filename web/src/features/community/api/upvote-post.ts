import { call } from '../../../lib/api.ts';

/** Upvotes a post; answers its exact points (useVote shows the change before the answer). */
export const upvotePost = (postId: number) => call('community', 'upvotePost', { postId });
