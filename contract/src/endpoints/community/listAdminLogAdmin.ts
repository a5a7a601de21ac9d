import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { cursor, pageSize } from '../../schemas.ts';
import { adminLogEntry } from './admin-schemas.ts';

/** /beheer/logboek: every admin and moderator action, newest first, keyset-paged. */
export const listAdminLogAdmin = endpoint({
  service: 'community',
  name: 'listAdminLogAdmin',
  access: 'admin',
  session: 'recent',
  input: z.object({ pageSize, cursor }),
  output: z.object({ items: z.array(adminLogEntry), nextCursor: z.string().nullable() }),
});
