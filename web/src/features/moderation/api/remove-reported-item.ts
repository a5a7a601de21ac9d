import type { ReportGroup } from '@kring/contract';
import { call } from '../../../lib/api.ts';

/** Removes a reported post or comment with the moderator's reason (the author is mailed it). */
export const removeReportedItem = (
  { itemKind, itemId }: Pick<ReportGroup, 'itemKind' | 'itemId'>,
  reason: string,
) =>
  itemKind === 'post'
    ? call('community', 'deletePostModerator', { postId: itemId, reason })
    : call('community', 'deleteCommentModerator', { commentId: itemId, reason });
