import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { id } from '../../schemas.ts';

/** One vote per member per post; repeating it changes nothing. */
export const upvotePost = endpoint({
  service: 'community',
  name: 'upvotePost',
  access: 'profile',
  rateLimit: rateLimits.votes,
  input: z.object({ postId: id }),
  output: z.object({ points: z.number().int(), hasUpvoted: z.boolean() }),
});
