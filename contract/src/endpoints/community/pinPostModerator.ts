import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { id, post } from '../../schemas.ts';

export const pinPostModerator = endpoint({
  service: 'community',
  name: 'pinPostModerator',
  access: 'moderator',
  session: 'live',
  rateLimit: rateLimits.moderation,
  input: z.object({ postId: id }),
  output: z.object({ post }),
});
