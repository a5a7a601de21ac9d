import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { rateLimits } from '../../limits.ts';
import { validationMessages as m } from '../../messages.ts';
import { cursor, pageSize, trimmed } from '../../schemas.ts';
import { searchHit, searchKind, searchLimits } from '../../search.ts';

/**
 * Full-text search over posts, comments and kennisbank articles (ranked together for `all`), or
 * members by name. Best match first, matched words marked, paged by cursor. `fuzzy` is true when
 * nothing matched exactly and the page holds titles or names that look like the query (typos).
 */
export const search = endpoint({
  service: 'community',
  name: 'search',
  access: 'member',
  rateLimit: rateLimits.searches,
  input: z.object({
    q: trimmed(searchLimits.queryMax, m.searchQuery).min(searchLimits.queryMin, m.searchQuery),
    kind: searchKind.default('all'),
    pageSize,
    cursor,
  }),
  output: z.object({ items: z.array(searchHit), nextCursor: z.string().nullable(), fuzzy: z.boolean() }),
});
