import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { id, ok } from '../../schemas.ts';

/** The author removes their comment; with replies it keeps its place, emptied. */
export const deleteComment = endpoint({
  service: 'community',
  name: 'deleteComment',
  access: 'profile',
  rateLimit: rateLimits.edits,
  input: z.object({ commentId: id }),
  output: ok,
});
