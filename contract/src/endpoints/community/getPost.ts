import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { comment, id, order, post } from '../../schemas.ts';

/** A post with its whole comment tree, flattened depth-first; siblings sorted by `order`. */
export const getPost = endpoint({
  service: 'community',
  name: 'getPost',
  access: 'member',
  input: z.object({ postId: id, order: order.default('createdAt') }),
  output: z.object({ post, comments: z.array(comment) }),
});
