import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { profile, profileFields } from '../../schemas.ts';

/** Changes the caller's name, occupation and bio. */
export const updateProfile = endpoint({
  service: 'community',
  name: 'updateProfile',
  access: 'profile',
  session: 'live',
  rateLimit: rateLimits.edits,
  input: profileFields,
  output: z.object({ profile }),
});
