import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { emptyInput, isoDate, membership, profile, roleSchema } from '../../schemas.ts';

/**
 * The signed-in user's account: their role, community profile and membership (each null until made).
 * `role` is what the server grants this token (the lower of its claim and the stored role);
 * `suspendedUntil` the end of an open suspension; `tokenStale` says the token's role claim is not the
 * stored role (a suspension began or was lifted, a membership started or ended): the web refreshes
 * the ID token and asks again. Checks the session, so a deleted account's token cannot re-create it.
 */
export const getUserAccount = endpoint({
  service: 'community',
  name: 'getUserAccount',
  access: 'signedIn',
  session: 'live',
  input: emptyInput,
  output: z.object({
    uid: z.string(),
    email: z.string().nullable(),
    role: roleSchema,
    profile: profile.nullable(),
    membership: membership.nullable(),
    suspendedUntil: isoDate.nullable(),
    tokenStale: z.boolean(),
  }),
});
