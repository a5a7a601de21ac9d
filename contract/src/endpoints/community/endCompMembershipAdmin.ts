import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { reason } from '../../schemas.ts';
import { memberUid } from './admin-schemas.ts';

/** An admin ends a member's complimentary membership now (docs/admin.md); access follows the paid membership again. */
export const endCompMembershipAdmin = endpoint({
  service: 'community',
  name: 'endCompMembershipAdmin',
  access: 'admin',
  session: 'recent',
  rateLimit: rateLimits.moderation,
  input: z.object({ uid: memberUid, reason }),
  output: z.object({ ended: z.literal(true) }),
});
