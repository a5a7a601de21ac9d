import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { articleSlug } from '../../post-input.ts';
import { cursor, order, page, pageSize, post, topicId } from '../../schemas.ts';

/**
 * The timeline: pinned posts first (on the first page), then by points or newest. `topicId` and
 * `articleSlug` narrow it (pinned posts too) and may be combined: `articleSlug` keeps the posts
 * written about that article (createArticlePost, or editPost with that slug).
 */
export const listPosts = endpoint({
  service: 'community',
  name: 'listPosts',
  access: 'member',
  input: z.object({
    order: order.default('createdAt'),
    pageSize,
    cursor,
    topicId: topicId.nullable().default(null),
    articleSlug: articleSlug.nullable().default(null),
  }),
  output: page(post),
});
