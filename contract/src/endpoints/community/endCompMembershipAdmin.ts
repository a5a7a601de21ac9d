import { z } from 'zod';
import { rateLimits } from '../../limits.ts';
import { reason } from '../../schemas.ts';
import { adminEndpoint, memberUid } from './admin-schemas.ts';

/** An admin ends a member's complimentary membership now (docs/admin.md); access follows the paid membership again. */
export const endCompMembershipAdmin = adminEndpoint({
  name: 'endCompMembershipAdmin',
  rateLimit: rateLimits.moderation,
  input: z.object({ uid: memberUid, reason }),
  output: z.object({ ended: z.literal(true) }),
});
