import { z } from 'zod';
import { rateLimits } from '../../limits.ts';
import { validationMessages as m } from '../../messages.ts';
import { reason } from '../../schemas.ts';
import { adminEndpoint, memberUid } from './admin-schemas.ts';

/**
 * An admin makes a member moderator, admin or plain member again, with a required reason that goes
 * into the admin log. The last admin cannot be made anything less.
 */
export const changeMemberRoleAdmin = adminEndpoint({
  name: 'changeMemberRoleAdmin',
  rateLimit: rateLimits.moderation,
  input: z.object({
    uid: memberUid,
    role: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: m.invalid }),
    reason,
  }),
  output: z.object({ role: z.union([z.literal(1), z.literal(2), z.literal(3)]) }),
});
