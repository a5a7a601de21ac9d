import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { cursor, pageSize } from '../../schemas.ts';
import { reportGroup } from '../../search.ts';

/** Open reports grouped per item, the item first reported first, with the item in context. */
export const listReportsModerator = endpoint({
  service: 'community',
  name: 'listReportsModerator',
  access: 'moderator',
  input: z.object({ pageSize, cursor }),
  output: z.object({ items: z.array(reportGroup), nextCursor: z.string().nullable() }),
});
