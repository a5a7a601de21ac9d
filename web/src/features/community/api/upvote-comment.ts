import { call } from '../../../lib/api.ts';

/** Upvotes a comment; answers its exact points (useVote shows the change before the answer). */
export const upvoteComment = (commentId: number) => call('community', 'upvoteComment', { commentId });
