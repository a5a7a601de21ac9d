import { z } from 'zod';
import { rateLimits } from '../../limits.ts';
import { validationMessages as m } from '../../messages.ts';
import { compMembership, reason } from '../../schemas.ts';
import { adminEndpoint, memberUid } from './admin-schemas.ts';

/** An existing calendar date, YYYY-MM-DD. */
const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, m.dateInvalid)
  .refine((v) => {
    const [y, mo, d] = v.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, mo - 1, d));
    return y >= 2000 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
  }, m.dateInvalid);

/**
 * An admin gives a member a complimentary membership ('erelid': honorary, 'bestuur': board) until the
 * end of a date (Europe/Amsterdam): community access without Mollie (docs/admin.md). Granted again
 * while one runs, it changes kind and date. Refused while the member's Mollie subscription renews.
 */
export const grantCompMembershipAdmin = adminEndpoint({
  name: 'grantCompMembershipAdmin',
  rateLimit: rateLimits.moderation,
  input: z.object({
    uid: memberUid,
    kind: z.enum(['erelid', 'bestuur'], { error: m.invalid }),
    until: calendarDate,
    reason,
  }),
  output: z.object({ comp: compMembership }),
});
