import { getPost } from '@kring/contract';
import { flattenCommentTree } from '../../functions/src/community/comments/comment-tree.ts';
import {
  type CommentRow,
  commentRows,
  toComment,
} from '../../functions/src/community/comments/comments.repo.ts';
import { loadPostViews } from '../../functions/src/community/posts/posts.repo.ts';
import { votedIds } from '../../functions/src/community/votes/votes.repo.ts';
import type { Db } from '../../functions/src/lib/db.ts';

/**
 * getPost as it was before comments were paged by thread (issue 11): the post and every comment of
 * it, flattened into one tree, checked against the output schema as the router does. It skips what
 * every call pays before the handler (token check and account lookup, about 1.5 ms: the floor
 * rows). The benchmark times it next to the paged handler on the same posts.
 */
export async function wholeTreeReference(
  db: Db,
  postId: number,
  order: 'createdAt' | 'points',
  profileId: number,
): Promise<number> {
  const viewer = { profileId, isModerator: false };
  const [post] = await loadPostViews(db, [postId], viewer);
  const rows: CommentRow[] = await commentRows(db).where('comments.post_id', '=', postId).execute();
  const tree = flattenCommentTree(rows, order);
  const voted = await votedIds(
    db,
    'comment',
    profileId,
    tree.map((c) => c.row.id),
  );
  const answer = getPost.output.parse({
    post,
    comments: tree.map(({ row, depth }) => toComment(row, depth, viewer, voted.has(row.id))),
    commentsNextCursor: null,
  });
  // JSON.stringify: the router serializes the answer too.
  return JSON.stringify(answer).length > 0 ? answer.comments.length : 0;
}
