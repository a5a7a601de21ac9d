import type { listModerationLogModerator } from '@kring/contract';
import { z } from 'zod';
import type { Handler } from '../../lib/handler.ts';
import { decodeCursor, encodeCursor } from '../shared/cursor.ts';
import { listLog } from './moderation.repo.ts';

const logCursor = z.object({ i: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const listModerationLogModeratorHandler: Handler<typeof listModerationLogModerator> = async (
  { db },
  { pageSize, cursor },
) => {
  const after = cursor === null ? null : decodeCursor(cursor, logCursor).i;
  const rows = await listLog(db, after, pageSize + 1);
  const page = rows.slice(0, pageSize);
  return {
    items: page.map((r) => ({
      id: r.id,
      action: r.action,
      // A moderator without a community profile is shown by their address's name part.
      moderatorName:
        r.moderator_role === null
          ? 'Verwijderd lid'
          : (r.moderator_name ?? r.moderator_email?.split('@')[0] ?? 'moderator'),
      moderatorRole: r.moderator_role === null ? null : (r.moderator_role as 0 | 1 | 2 | 3),
      postId: r.post_id,
      commentId: r.comment_id,
      itemKind: r.item_kind,
      itemId: r.item_id,
      subjectName: r.subject_name,
      suspendedUntil: r.suspended_until?.toISOString() ?? null,
      reason: r.reason,
      createdAt: r.created_at.toISOString(),
    })),
    nextCursor: rows.length > pageSize ? encodeCursor({ i: page.at(-1)!.id }) : null,
  };
};
