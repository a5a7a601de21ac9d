import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { id, ok, reason } from '../../schemas.ts';

/** A moderator removes a post; the reason is logged and sent to the author. */
export const deletePostModerator = endpoint({
  service: 'community',
  name: 'deletePostModerator',
  access: 'moderator',
  session: 'live',
  rateLimit: rateLimits.moderation,
  input: z.object({ postId: id, reason }),
  output: ok,
});
