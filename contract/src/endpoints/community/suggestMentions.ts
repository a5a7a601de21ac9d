import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { limits, rateLimits } from '../../limits.ts';
import { profileSummary, storableText } from '../../schemas.ts';

/**
 * Members whose name starts with `prefix` (case-insensitive), for the `@` suggestion list in the
 * post and comment editors: the closest names first (an exact name, then shortest), at most
 * `limits.mentionSuggestionsMax`. Deleted members and members the caller blocked are left out.
 */
export const suggestMentions = endpoint({
  service: 'community',
  name: 'suggestMentions',
  access: 'profile',
  rateLimit: rateLimits.searches,
  // storableText: U+0000 in a LIKE pattern is a database error (a 500), so a 400 here.
  input: z.object({ prefix: storableText().trim().max(limits.userNameMax) }),
  output: z.object({ items: z.array(profileSummary) }),
});
