import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { profile, profileFields } from '../../schemas.ts';

/** Creates the caller's public community profile; a paid membership comes first. */
export const createProfile = endpoint({
  service: 'community',
  name: 'createProfile',
  access: 'member',
  session: 'live',
  rateLimit: rateLimits.edits,
  input: profileFields,
  output: z.object({ profile }),
});
