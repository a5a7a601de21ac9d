import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { id, post } from '../../schemas.ts';

export const unpinPostModerator = endpoint({
  service: 'community',
  name: 'unpinPostModerator',
  access: 'moderator',
  session: 'live',
  rateLimit: rateLimits.moderation,
  input: z.object({ postId: id }),
  output: z.object({ post }),
});
