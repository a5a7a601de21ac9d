import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { id, ok } from '../../schemas.ts';
import { reportItemKind } from '../../search.ts';

/** Closes every open report on an item without acting on it; logged. */
export const dismissReportsModerator = endpoint({
  service: 'community',
  name: 'dismissReportsModerator',
  access: 'moderator',
  session: 'live',
  rateLimit: rateLimits.moderation,
  input: z.object({ itemKind: reportItemKind, itemId: id }),
  output: ok,
});
