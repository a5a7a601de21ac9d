import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { limits } from '../../limits.ts';
import { comment, id, trimmed } from '../../schemas.ts';

export const editComment = endpoint({
  service: 'community',
  name: 'editComment',
  access: 'profile',
  input: z.object({ commentId: id, content: trimmed(limits.commentMax) }),
  output: z.object({ comment }),
});
