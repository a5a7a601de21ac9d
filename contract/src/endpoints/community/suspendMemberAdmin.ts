import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { validationMessages as m } from '../../messages.ts';
import { id, isoDate, reason } from '../../schemas.ts';
import { reportItemKind } from '../../search.ts';

/**
 * An admin suspends a member until a date (YYYY-MM-DD, Amsterdam midnight at its start): role None
 * in the token claim and the stored role at once, a mail with the reason and the date, back to the
 * earlier role after it. Given a reported item, its open reports close as handled.
 */
export const suspendMemberAdmin = endpoint({
  service: 'community',
  name: 'suspendMemberAdmin',
  access: 'admin',
  session: 'live',
  rateLimit: rateLimits.moderation,
  input: z.object({
    profileId: id,
    until: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, m.dateInvalid),
    reason,
    report: z.object({ itemKind: reportItemKind, itemId: id }).nullable().default(null),
  }),
  output: z.object({ suspendedUntil: isoDate }),
});
