import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';

/** Whether a user name is free (case-insensitive). `reason` is the Dutch rule it breaks, if any. */
export const isUserNameAvailable = endpoint({
  service: 'community',
  name: 'isUserNameAvailable',
  access: 'signedIn',
  rateLimit: rateLimits.nameChecks,
  input: z.object({ userName: z.string().max(100) }),
  output: z.object({ available: z.boolean(), reason: z.string().nullable() }),
});
