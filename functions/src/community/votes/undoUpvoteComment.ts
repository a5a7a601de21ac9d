import type { undoUpvoteComment } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import { vote } from './votes.service.ts';

export const undoUpvoteCommentHandler: Handler<typeof undoUpvoteComment> = (
  { db, profileId },
  { commentId },
) => vote(db, profileId, { comment: commentId }, 'undo');
