import { type getPost, id } from '@kring/contract';
import { z } from 'zod';
import { validationError } from '../../lib/errors.ts';
import type { Handler } from '../../lib/handler.ts';
import { type CommentOrder, flattenThreads } from '../comments/comment-tree.ts';
import { listThreadComments, listThreadKeys, type ThreadKey, toComment } from '../comments/comments.repo.ts';
import { decodeCursor, encodeCursor, int4, timestampKey } from '../shared/cursor.ts';
import { postNotFound } from '../shared/errors.ts';
import { communityMessages as m } from '../shared/messages.ts';
import { viewerOf } from '../shared/viewer.ts';
import { loadPostViews } from './posts.repo.ts';

// `n` is the post: a cursor of another post's comments is refused like one of another order.
const threadCursors = {
  createdAt: z.object({ o: z.literal('c'), n: id, c: timestampKey, i: id }),
  // Not -2^31: the key is compared as -points, which must fit an integer too.
  points: z.object({ o: z.literal('p'), n: id, p: int4.min(-2_147_483_647), c: timestampKey, i: id }),
};

function decodeThreadCursor(cursor: string, postId: number, order: CommentOrder): ThreadKey {
  const key = decodeCursor(cursor, threadCursors[order], 'commentsCursor');
  if (key.n !== postId) throw validationError('commentsCursor', m.cursorInvalid);
  return { id: key.i, createdAt: key.c, points: key.o === 'p' ? key.p : 0 };
}

const encodeThreadCursor = (postId: number, order: CommentOrder, key: ThreadKey) =>
  encodeCursor(
    order === 'createdAt'
      ? { o: 'c', n: postId, c: key.createdAt, i: key.id }
      : { o: 'p', n: postId, p: key.points, c: key.createdAt, i: key.id },
  );

/**
 * A post with one page of comment threads (docs/community-api.md, comments). A deleted post is not
 * found, except for its author and moderators, who see it (without its text) with the removal reason.
 */
export const getPostHandler: Handler<typeof getPost> = async (ctx, input) => {
  const { postId, order, commentsCursor, commentsPageSize, focusCommentId } = input;
  const after = commentsCursor === null ? null : decodeThreadCursor(commentsCursor, postId, order);
  const viewer = viewerOf(ctx);
  const [post] = await loadPostViews(ctx.db, [postId], viewer);
  if (!post) throw postNotFound();
  if (post.deletedAt && !viewer.isModerator && post.author.id !== viewer.profileId) throw postNotFound();

  const keys = await listThreadKeys(ctx.db, { postId, order, after, limit: commentsPageSize + 1 });
  const page = keys.slice(0, commentsPageSize);
  const last = page.at(-1);
  const rootIds = page.map((key) => key.id);
  const rows = await listThreadComments(ctx.db, {
    postId,
    rootIds,
    focusCommentId,
    viewerId: viewer.profileId,
  });
  // The focused comment's thread, when it is not on this page, goes after the page's threads.
  const onPage = new Set(rootIds);
  const focusRootId = rows.find((row) => !onPage.has(row.root_id))?.root_id;
  const tree = flattenThreads(rows, focusRootId === undefined ? rootIds : [...rootIds, focusRootId], order);
  return {
    post,
    comments: tree.map(({ row, depth }) => toComment(row, depth, viewer, row.has_voted)),
    commentsNextCursor:
      keys.length > commentsPageSize && last ? encodeThreadCursor(postId, order, last) : null,
  };
};
