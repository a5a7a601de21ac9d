import type { upvoteComment } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import { vote } from './votes.service.ts';

export const upvoteCommentHandler: Handler<typeof upvoteComment> = ({ db, profileId }, { commentId }) =>
  vote(db, profileId, { comment: commentId }, 'up');
