import type { listAdminLogAdmin } from '@kring/contract';
import { z } from 'zod';
import { decodeCursor, encodeCursor, timestampKey } from '../community/shared/cursor.ts';
import type { Handler } from '../lib/handler.ts';
import { listCombinedLog } from './admin-log.repo.ts';
import { toLogEntries } from './log-entries.ts';

const logCursor = z.object({
  t: timestampKey,
  s: z.enum(['a', 'm']),
  i: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** The admin log and the moderation log together, newest first (docs/admin.md). */
export const listAdminLogAdminHandler: Handler<typeof listAdminLogAdmin> = async (
  { db },
  { pageSize, cursor },
) => {
  const after = cursor === null ? null : decodeCursor(cursor, logCursor);
  const rows = await listCombinedLog(db, { after, limit: pageSize + 1 });
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    items: await toLogEntries(db, page),
    nextCursor:
      rows.length > pageSize && last ? encodeCursor({ t: last.key_time, s: last.source, i: last.id }) : null,
  };
};
