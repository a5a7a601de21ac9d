import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { id, ok } from '../../schemas.ts';

/** The author removes their own post (soft delete: deletedAt is set). */
export const deletePost = endpoint({
  service: 'community',
  name: 'deletePost',
  access: 'profile',
  rateLimit: rateLimits.edits,
  input: z.object({ postId: id }),
  output: ok,
});
