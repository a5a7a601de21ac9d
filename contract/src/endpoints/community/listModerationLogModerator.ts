import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { cursor, pageSize } from '../../schemas.ts';
import { moderationLogEntry } from '../../search.ts';

/** The moderation log, newest first. */
export const listModerationLogModerator = endpoint({
  service: 'community',
  name: 'listModerationLogModerator',
  access: 'moderator',
  input: z.object({ pageSize, cursor }),
  output: z.object({ items: z.array(moderationLogEntry), nextCursor: z.string().nullable() }),
});
