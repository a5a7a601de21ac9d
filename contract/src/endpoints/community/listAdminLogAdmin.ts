import { z } from 'zod';
import { cursor, pageSize } from '../../schemas.ts';
import { adminEndpoint, adminLogEntry } from './admin-schemas.ts';

/** /beheer/logboek: every admin and moderator action, newest first, keyset-paged. */
export const listAdminLogAdmin = adminEndpoint({
  name: 'listAdminLogAdmin',
  input: z.object({ pageSize, cursor }),
  output: z.object({ items: z.array(adminLogEntry), nextCursor: z.string().nullable() }),
});
