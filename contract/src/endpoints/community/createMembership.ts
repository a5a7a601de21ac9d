import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { membership, personalDetails } from '../../schemas.ts';

/** Stores the personal details of a new membership (status pending until the first payment is paid). */
export const createMembership = endpoint({
  service: 'community',
  name: 'createMembership',
  access: 'signedIn',
  session: 'live',
  rateLimit: rateLimits.edits,
  input: z.object({ membership: personalDetails }),
  output: z.object({ membership }),
});
