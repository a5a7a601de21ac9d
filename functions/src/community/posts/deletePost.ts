import type { deletePost } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import { deleteStoredImages } from '../images/stored-images.ts';
import { forgetImages, unusedImagesOfPost } from '../images/uploads.repo.ts';
import { notYours, postNotFound } from '../shared/errors.ts';
import { adjustPostCounts, sameChange } from '../topics/topics.repo.ts';
import * as posts from './posts.repo.ts';

/**
 * The author removes their own post: deletedAt is set, its topics count one post less, and its images
 * are deleted from Storage right after (as they are after a moderator's removal).
 */
export const deletePostHandler: Handler<typeof deletePost> = async ({ db, user, profileId }, { postId }) => {
  const images = await db.transaction().execute(async (tx) => {
    const post = await posts.findPostState(tx, postId, true);
    if (!post || post.deleted_at) throw postNotFound();
    if (post.author_id !== profileId) throw notYours();
    await posts.softDeletePost(tx, postId, { byUid: user.uid, reason: null });
    await adjustPostCounts(tx, sameChange(await posts.postTopicIds(tx, postId), -1));
    return unusedImagesOfPost(tx, postId);
  });
  // Forgets only what is gone: a file Storage failed to delete stays recorded for the sweep.
  await forgetImages(db, await deleteStoredImages(images));
  return { ok: true };
};
