import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { limits, rateLimits } from '../../limits.ts';
import { comment, id, trimmed } from '../../schemas.ts';

export const editComment = endpoint({
  service: 'community',
  name: 'editComment',
  access: 'profile',
  rateLimit: rateLimits.edits,
  input: z.object({ commentId: id, content: trimmed(limits.commentMax) }),
  output: z.object({ comment }),
});
