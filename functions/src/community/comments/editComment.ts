import type { editComment } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import { recordMentions } from '../mentions/mentions.service.ts';
import { publishUnread } from '../notifications/notify.ts';
import { commentNotFound, notYours } from '../shared/errors.ts';
import { viewerOf } from '../shared/viewer.ts';
import { votedIds } from '../votes/votes.repo.ts';
import * as comments from './comments.repo.ts';

/** The author changes the text of their own comment; not on a deleted comment or post. */
export const editCommentHandler: Handler<typeof editComment> = async (ctx, { commentId, content }) => {
  const { db, profileId } = ctx;
  const { depth, mentioned } = await db.transaction().execute(async (tx) => {
    const comment = await comments.findCommentState(tx, commentId, true);
    if (!comment || comment.deleted_at || comment.post_deleted_at) throw commentNotFound();
    if (comment.author_id !== profileId) throw notYours();
    await comments.updateCommentContent(tx, commentId, content);
    // Only members mentioned here for the first time are notified: an edit never notifies twice.
    const mentioned = await recordMentions(tx, {
      postId: comment.post_id,
      commentId,
      authorId: profileId,
      text: content,
      field: 'content',
    });
    return { depth: await comments.commentDepth(tx, commentId), mentioned };
  });
  await publishUnread(db, mentioned);
  const [row, voted] = await Promise.all([
    comments.findCommentRow(db, commentId),
    votedIds(db, 'comment', profileId, [commentId]),
  ]);
  return { comment: comments.toComment(row!, depth, viewerOf(ctx), voted.has(commentId)) };
};
