import type { unpinPostModerator } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import { setPinnedByModerator } from './pinning.ts';

/** A moderator unpins a post; unpinning a post that is not pinned changes (and logs) nothing. */
export const unpinPostModeratorHandler: Handler<typeof unpinPostModerator> = (ctx, { postId }) =>
  setPinnedByModerator(ctx, postId, false);
