import type { pinPostModerator } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import * as posts from '../posts/posts.repo.ts';
import { postNotFound } from '../shared/errors.ts';
import { viewerOf } from '../shared/viewer.ts';
import { logAction } from './moderation.repo.ts';

/** A moderator pins a post above the timeline; pinning a pinned post changes (and logs) nothing. */
export const pinPostModeratorHandler: Handler<typeof pinPostModerator> = async (ctx, { postId }) => {
  await ctx.db.transaction().execute(async (tx) => {
    const post = await posts.findPostState(tx, postId, true);
    if (!post || post.deleted_at) throw postNotFound();
    if (await posts.setPinned(tx, postId, true)) {
      await logAction(tx, { moderatorUid: ctx.user.uid, action: 'PIN_POST', postId });
    }
  });
  const [post] = await posts.loadPostViews(ctx.db, [postId], viewerOf(ctx));
  return { post: post! };
};
