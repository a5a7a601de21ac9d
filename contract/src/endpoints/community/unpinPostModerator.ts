import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { id, post } from '../../schemas.ts';

export const unpinPostModerator = endpoint({
  service: 'community',
  name: 'unpinPostModerator',
  access: 'moderator',
  input: z.object({ postId: id }),
  output: z.object({ post }),
});
