import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { comment, cursor, id, order, pageSize, post } from '../../schemas.ts';

/**
 * A post with one page of its comment threads. A thread is a top-level comment with all its replies;
 * a page is `commentsPageSize` threads in `order`, each flattened depth-first (every comment followed
 * by its replies, siblings sorted by `order`). `commentsNextCursor` opens the next page; null on the
 * last. `focusCommentId` names a comment to show: when it is a comment of this post whose thread is
 * not on this page, that thread is appended after the page's threads (the client drops it again when
 * a later page brings it). An unknown id, or one of another post, is ignored.
 */
export const getPost = endpoint({
  service: 'community',
  name: 'getPost',
  access: 'member',
  input: z.object({
    postId: id,
    order: order.default('createdAt'),
    commentsCursor: cursor,
    commentsPageSize: pageSize,
    focusCommentId: id.nullable().default(null),
  }),
  output: z.object({
    post,
    comments: z.array(comment),
    /** Opens the next page of threads; null when this page has the last one. */
    commentsNextCursor: z.string().nullable(),
  }),
});
