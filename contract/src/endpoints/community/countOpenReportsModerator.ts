import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { emptyInput } from '../../schemas.ts';

/** How many items have open reports: the count in a moderator's header. */
export const countOpenReportsModerator = endpoint({
  service: 'community',
  name: 'countOpenReportsModerator',
  access: 'moderator',
  input: emptyInput,
  output: z.object({ count: z.number().int() }),
});
