import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { emptyInput, membership, profile, roleSchema } from '../../schemas.ts';

/** The signed-in user's account: their role, community profile and membership (each null until made). */
export const getUserAccount = endpoint({
  service: 'community',
  name: 'getUserAccount',
  access: 'signedIn',
  input: emptyInput,
  output: z.object({
    uid: z.string(),
    email: z.string().nullable(),
    role: roleSchema,
    profile: profile.nullable(),
    membership: membership.nullable(),
  }),
});
