import type { ReportGroup } from '@kring/contract';
import { deleteCommentModerator } from '../../../lib/api/delete-comment-moderator.ts';
import { deletePostModerator } from '../../../lib/api/delete-post-moderator.ts';

/** Removes a reported post or comment with the moderator's reason: the call for the item's kind. */
export const removeReportedItem = (
  { itemKind, itemId }: Pick<ReportGroup, 'itemKind' | 'itemId'>,
  reason: string,
) => (itemKind === 'post' ? deletePostModerator(itemId, reason) : deleteCommentModerator(itemId, reason));
