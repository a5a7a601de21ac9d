import type { upvotePost } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import { vote } from './votes.service.ts';

export const upvotePostHandler: Handler<typeof upvotePost> = ({ db, profileId }, { postId }) =>
  vote(db, profileId, { post: postId }, 'up');
