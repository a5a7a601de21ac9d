import type { deletePostModerator } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import { logs } from '../../lib/logs.ts';
import { sendMail } from '../../lib/mail.ts';
import { deleteStoredImages } from '../images/stored-images.ts';
import { forgetImages, unusedImagesOfPost } from '../images/uploads.repo.ts';
import * as posts from '../posts/posts.repo.ts';
import { postNotFound } from '../shared/errors.ts';
import { adjustPostCounts, sameChange } from '../topics/topics.repo.ts';
import { authorContact, logAction } from './moderation.repo.ts';
import { removalMail } from './moderation-mail.ts';
import { resolveReports } from './reports.repo.ts';

/** A moderator removes a post with a reason: logged, the author gets a mail with the reason,
 * and open reports on it close as handled (the moderation queue's 'remove'). */
export const deletePostModeratorHandler: Handler<typeof deletePostModerator> = async (
  { db, user, requestId },
  { postId, reason },
) => {
  const { post, images } = await db.transaction().execute(async (tx) => {
    const found = await posts.findPostState(tx, postId, true);
    if (!found || found.deleted_at) throw postNotFound();
    await posts.softDeletePost(tx, postId, { byUid: user.uid, reason });
    await adjustPostCounts(tx, sameChange(await posts.postTopicIds(tx, postId), -1));
    await logAction(tx, {
      moderatorUid: user.uid,
      action: 'DELETE_POST',
      postId,
      reason,
      subjectProfileId: found.author_id,
    });
    await resolveReports(tx, { kind: 'post', id: postId }, user.uid, 'removed');
    return { post: found, images: await unusedImagesOfPost(tx, postId) };
  });
  // Removed content's images go at once, as for an author's own removal (issue 15).
  // Forgets only what is gone: a file Storage failed to delete stays recorded for the sweep.
  await forgetImages(db, await deleteStoredImages(images));
  const author = await authorContact(db, post.author_id);
  if (author?.email) {
    await sendMail(
      removalMail({ to: author.email, name: author.name, kind: 'post', postTitle: post.title, reason }),
    );
  } else {
    logs.warn('removal mail not sent: author has no address', { requestId, postId });
  }
  return { ok: true };
};
