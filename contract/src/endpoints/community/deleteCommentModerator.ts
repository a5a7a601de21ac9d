import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { id, ok, reason } from '../../schemas.ts';

export const deleteCommentModerator = endpoint({
  service: 'community',
  name: 'deleteCommentModerator',
  access: 'moderator',
  session: 'live',
  rateLimit: rateLimits.moderation,
  input: z.object({ commentId: id, reason }),
  output: ok,
});
