import type { unpinPostModerator } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import * as posts from '../posts/posts.repo.ts';
import { postNotFound } from '../shared/errors.ts';
import { viewerOf } from '../shared/viewer.ts';
import { logAction } from './moderation.repo.ts';

/** A moderator unpins a post; unpinning a post that is not pinned changes (and logs) nothing. */
export const unpinPostModeratorHandler: Handler<typeof unpinPostModerator> = async (ctx, { postId }) => {
  await ctx.db.transaction().execute(async (tx) => {
    const post = await posts.findPostState(tx, postId, true);
    if (!post || post.deleted_at) throw postNotFound();
    if (await posts.setPinned(tx, postId, false)) {
      await logAction(tx, { moderatorUid: ctx.user.uid, action: 'UNPIN_POST', postId });
    }
  });
  const [post] = await posts.loadPostViews(ctx.db, [postId], viewerOf(ctx));
  return { post: post! };
};
