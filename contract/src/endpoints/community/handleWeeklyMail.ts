import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';

/** Sends the weekly digest; run on a schedule, or by an admin. */
export const handleWeeklyMail = endpoint({
  service: 'community',
  name: 'handleWeeklyMail',
  access: 'admin',
  input: z.object({ data: z.record(z.string(), z.unknown()).default({}) }),
  output: z.object({ sent: z.number().int() }),
});
