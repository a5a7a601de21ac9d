import type { deleteCommentModerator } from '@kring/contract';
import { markdownToPlainText } from '@kring/contract/markdown';
import type { Handler } from '../../lib/handler.ts';
import { logs } from '../../lib/logs.ts';
import { sendMail } from '../../lib/mail.ts';
import * as comments from '../comments/comments.repo.ts';
import { adjustCommentCount } from '../posts/posts.repo.ts';
import { commentNotFound } from '../shared/errors.ts';
import { authorContact, logAction } from './moderation.repo.ts';
import { removalMail } from './moderation-mail.ts';
import { resolveReports } from './reports.repo.ts';

/** A moderator removes a comment with a reason: logged, the author gets a mail with the reason,
 * and open reports on it close as handled (the moderation queue's 'remove'). */
export const deleteCommentModeratorHandler: Handler<typeof deleteCommentModerator> = async (
  { db, user, requestId },
  { commentId, reason },
) => {
  const comment = await db.transaction().execute(async (tx) => {
    const found = await comments.findCommentState(tx, commentId, true);
    if (!found || found.deleted_at) throw commentNotFound();
    await comments.softDeleteComment(tx, commentId, { byUid: user.uid, reason });
    await adjustCommentCount(tx, found.post_id, -1);
    await logAction(tx, {
      moderatorUid: user.uid,
      action: 'DELETE_COMMENT',
      postId: found.post_id,
      commentId,
      reason,
      subjectProfileId: found.author_id,
    });
    await resolveReports(tx, { kind: 'comment', id: commentId }, user.uid, 'removed');
    return found;
  });
  const author = await authorContact(db, comment.author_id);
  if (author?.email) {
    await sendMail(
      removalMail({
        to: author.email,
        name: author.name,
        kind: 'comment',
        postTitle: comment.post_title,
        reason,
        excerpt: markdownToPlainText(comment.content),
      }),
    );
  } else {
    logs.warn('removal mail not sent: author has no address', { requestId, commentId });
  }
  return { ok: true };
};
