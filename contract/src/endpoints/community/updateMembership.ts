import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { membership, personalDetails } from '../../schemas.ts';

/** Changes the personal details of the caller's membership. */
export const updateMembership = endpoint({
  service: 'community',
  name: 'updateMembership',
  access: 'signedIn',
  session: 'recent',
  rateLimit: rateLimits.edits,
  input: z.object({ membership: personalDetails }),
  output: z.object({ membership }),
});
