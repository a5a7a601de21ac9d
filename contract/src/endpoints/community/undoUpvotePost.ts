import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { id } from '../../schemas.ts';

export const undoUpvotePost = endpoint({
  service: 'community',
  name: 'undoUpvotePost',
  access: 'profile',
  rateLimit: rateLimits.votes,
  input: z.object({ postId: id }),
  output: z.object({ points: z.number().int(), hasUpvoted: z.boolean() }),
});
