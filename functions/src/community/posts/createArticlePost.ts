import type { createArticlePost } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import { storeNewPost } from './posts.service.ts';

/** A post about a kennisbank article: the slug must name an article in the CMS. */
export const createArticlePostHandler: Handler<typeof createArticlePost> = (ctx, input) =>
  storeNewPost(ctx, input, input.articleSlug);
