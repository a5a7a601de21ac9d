import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { articleSlug, postInput } from '../../post-input.ts';
import { post } from '../../schemas.ts';

/** A post about a kennisbank article; the slug must exist in the CMS. */
export const createArticlePost = endpoint({
  service: 'community',
  name: 'createArticlePost',
  access: 'profile',
  rateLimit: rateLimits.posts,
  input: postInput.extend({ articleSlug }),
  output: z.object({ post }),
});
