import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { limits, rateLimits } from '../../limits.ts';
import { comment, id, trimmed } from '../../schemas.ts';

/** A reply to a post, or to a comment of the same post when parentId is given. */
export const createComment = endpoint({
  service: 'community',
  name: 'createComment',
  access: 'profile',
  rateLimit: rateLimits.comments,
  input: z.object({ postId: id, parentId: id.nullable().default(null), content: trimmed(limits.commentMax) }),
  output: z.object({ comment }),
});
