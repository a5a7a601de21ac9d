import { call } from '../../../lib/api.ts';

/** Takes back the caller's upvote of a comment; answers its exact points (useVote shows the change before the answer). */
export const undoUpvoteComment = (commentId: number) => call('community', 'undoUpvoteComment', { commentId });
