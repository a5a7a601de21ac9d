import type { dismissReportsModerator } from '@kring/contract';
import { notFound } from '../../lib/errors.ts';
import type { Handler } from '../../lib/handler.ts';
import { logAction } from './moderation.repo.ts';
import { resolveReports } from './reports.repo.ts';

/** Closes the open reports on an item, leaving the item as it is; logged. 404 when none are open. */
export const dismissReportsModeratorHandler: Handler<typeof dismissReportsModerator> = async (
  { db, user },
  { itemKind, itemId },
) => {
  await db.transaction().execute(async (tx) => {
    const closed = await resolveReports(tx, { kind: itemKind, id: itemId }, user.uid, 'dismissed');
    if (closed === 0) throw notFound('NO_OPEN_REPORTS');
    await logAction(tx, {
      moderatorUid: user.uid,
      action: 'DISMISS_REPORTS',
      postId: itemKind === 'post' ? itemId : null,
      ...(itemKind === 'comment' ? { commentId: itemId } : {}),
      item: { kind: itemKind, id: itemId },
    });
  });
  return { ok: true };
};
