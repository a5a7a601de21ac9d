import type { pinPostModerator } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import { setPinnedByModerator } from './pinning.ts';

/** A moderator pins a post above the timeline; pinning a pinned post changes (and logs) nothing. */
export const pinPostModeratorHandler: Handler<typeof pinPostModerator> = (ctx, { postId }) =>
  setPinnedByModerator(ctx, postId, true);
