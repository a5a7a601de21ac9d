import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { id } from '../../schemas.ts';

export const undoUpvoteComment = endpoint({
  service: 'community',
  name: 'undoUpvoteComment',
  access: 'profile',
  rateLimit: rateLimits.votes,
  input: z.object({ commentId: id }),
  output: z.object({ points: z.number().int(), hasUpvoted: z.boolean() }),
});
