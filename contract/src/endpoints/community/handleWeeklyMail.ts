import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';

/**
 * Plans this week's digest and hands it to the task queue in batches; run on a schedule (Monday
 * 08:00 Amsterdam), or by an admin. `members` who get it, in `batches` tasks.
 */
export const handleWeeklyMail = endpoint({
  service: 'community',
  name: 'handleWeeklyMail',
  access: 'admin',
  session: 'live',
  input: z.object({ data: z.record(z.string(), z.unknown()).default({}) }),
  output: z.object({ members: z.number().int(), batches: z.number().int() }),
});
