import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { emptyInput, profile } from '../../schemas.ts';

/** The caller's own profile (null when not created yet). */
export const getProfile = endpoint({
  service: 'community',
  name: 'getProfile',
  access: 'signedIn',
  input: emptyInput,
  output: z.object({ profile: profile.nullable() }),
});
