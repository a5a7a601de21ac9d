import { z } from 'zod';
import { validationMessages as m } from '../../messages.ts';
import { cursor, pageSize, storableText } from '../../schemas.ts';
import { adminEndpoint, memberListItem, memberState } from './admin-schemas.ts';

/** /beheer/leden: members by name or e-mail, filtered by state, sorted by name or newest first. */
export const listMembersAdmin = adminEndpoint({
  name: 'listMembersAdmin',
  input: z.object({
    q: storableText().trim().max(100, m.tooLong).default(''),
    state: memberState.nullable().default(null),
    sort: z.enum(['name', 'newest']).default('name'),
    pageSize,
    cursor,
  }),
  output: z.object({ items: z.array(memberListItem), nextCursor: z.string().nullable() }),
});
