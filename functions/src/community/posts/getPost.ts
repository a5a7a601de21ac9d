import type { getPost } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import { flattenCommentTree } from '../comments/comment-tree.ts';
import { listPostComments, toComment } from '../comments/comments.repo.ts';
import { postNotFound } from '../shared/errors.ts';
import { viewerOf } from '../shared/viewer.ts';
import { votedCommentIds } from '../votes/votes.repo.ts';
import { loadPostViews } from './posts.repo.ts';

/**
 * A post with its comment tree. A deleted post is not found, except for its author and moderators,
 * who see it (without its text) with the removal reason.
 */
export const getPostHandler: Handler<typeof getPost> = async (ctx, { postId, order }) => {
  const viewer = viewerOf(ctx);
  const [post] = await loadPostViews(ctx.db, [postId], viewer);
  if (!post) throw postNotFound();
  if (post.deletedAt && !viewer.isModerator && post.author.id !== viewer.profileId) throw postNotFound();
  const tree = flattenCommentTree(await listPostComments(ctx.db, postId), order);
  const voted =
    viewer.profileId === null
      ? new Set<number>()
      : await votedCommentIds(
          ctx.db,
          viewer.profileId,
          tree.map((c) => c.row.id),
        );
  return {
    post,
    comments: tree.map(({ row, depth }) => toComment(row, depth, viewer, voted.has(row.id))),
  };
};
