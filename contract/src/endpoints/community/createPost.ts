import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { postInput } from '../../post-input.ts';
import { post } from '../../schemas.ts';

export const createPost = endpoint({
  service: 'community',
  name: 'createPost',
  access: 'profile',
  rateLimit: rateLimits.posts,
  input: postInput,
  output: z.object({ post }),
});
