import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';

/** Sends the pending reply/upvote notification mails; run on a schedule, or by an admin. */
export const handleMailNotifications = endpoint({
  service: 'community',
  name: 'handleMailNotifications',
  access: 'admin',
  session: 'live',
  input: z.object({ data: z.record(z.string(), z.unknown()).default({}) }),
  output: z.object({ sent: z.number().int() }),
});
