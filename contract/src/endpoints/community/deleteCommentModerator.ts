import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { id, ok, reason } from '../../schemas.ts';

export const deleteCommentModerator = endpoint({
  service: 'community',
  name: 'deleteCommentModerator',
  access: 'moderator',
  input: z.object({ commentId: id, reason }),
  output: ok,
});
