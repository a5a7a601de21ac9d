import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { cursor, order, page, pageSize, post, topicId } from '../../schemas.ts';

/** The timeline: pinned posts first (on the first page), then by points or newest. */
export const listPosts = endpoint({
  service: 'community',
  name: 'listPosts',
  access: 'member',
  input: z.object({
    order: order.default('createdAt'),
    pageSize,
    cursor,
    topicId: topicId.nullable().default(null),
  }),
  output: page(post),
});
