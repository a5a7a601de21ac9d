import type { undoUpvotePost } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import { vote } from './votes.service.ts';

export const undoUpvotePostHandler: Handler<typeof undoUpvotePost> = ({ db, profileId }, { postId }) =>
  vote(db, profileId, { post: postId }, 'undo');
