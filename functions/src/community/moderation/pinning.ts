import type { pinPostModerator } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import * as posts from '../posts/posts.repo.ts';
import { postNotFound } from '../shared/errors.ts';
import { viewerOf } from '../shared/viewer.ts';
import { logAction } from './moderation.repo.ts';

type ModeratorContext = Parameters<Handler<typeof pinPostModerator>>[0];

/**
 * A moderator pins a post above the timeline or unpins it, and gets the post as it now shows. A
 * change is logged; pinning a pinned post (or unpinning one that is not) changes and logs nothing.
 */
export async function setPinnedByModerator(ctx: ModeratorContext, postId: number, pinned: boolean) {
  await ctx.db.transaction().execute(async (tx) => {
    const post = await posts.findPostState(tx, postId, true);
    if (!post || post.deleted_at) throw postNotFound();
    if (await posts.setPinned(tx, postId, pinned)) {
      await logAction(tx, { moderatorUid: ctx.user.uid, action: pinned ? 'PIN_POST' : 'UNPIN_POST', postId });
    }
  });
  const [post] = await posts.loadPostViews(ctx.db, [postId], viewerOf(ctx));
  return { post: post! };
}
