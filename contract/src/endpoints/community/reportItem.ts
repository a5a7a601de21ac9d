import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { validationMessages as m } from '../../messages.ts';
import { id, ok, storableText } from '../../schemas.ts';
import { reportItemKind, reportReason, searchLimits } from '../../search.ts';

/** A member reports a post, comment, chat message or profile; once per item (409 ALREADY_REPORTED). */
export const reportItem = endpoint({
  service: 'community',
  name: 'reportItem',
  access: 'profile',
  session: 'live',
  rateLimit: rateLimits.reports,
  input: z.object({
    itemKind: reportItemKind,
    itemId: id,
    reason: reportReason,
    details: storableText().trim().max(searchLimits.detailsMax, m.tooLong).default(''),
  }),
  output: ok,
});
