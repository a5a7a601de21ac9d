import type { editPost } from '@kring/contract';
import type { Handler } from '../../lib/handler.ts';
import { deleteStoredImages } from '../images/stored-images.ts';
import { recordMentions } from '../mentions/mentions.service.ts';
import { publishUnread } from '../notifications/notify.ts';
import { notYours, postNotFound } from '../shared/errors.ts';
import { viewerOf } from '../shared/viewer.ts';
import { adjustPostCounts, sameChange } from '../topics/topics.repo.ts';
import { checkArticleSlug, checkImageCount, checkImageRefs, checkTopics } from './post-rules.ts';
import * as posts from './posts.repo.ts';

/** The author edits their own post: fields and topics are replaced, images added and removed by ref. */
export const editPostHandler: Handler<typeof editPost> = async (ctx, input) => {
  const added = checkImageRefs(ctx.profileId, input.addedImageRefs, 'addedImageRefs');
  const deleted = checkImageRefs(ctx.profileId, input.deletedImageRefs, 'deletedImageRefs');
  const current = await posts.findPostState(ctx.db, input.postId);
  if (!current || current.deleted_at) throw postNotFound();
  if (current.author_id !== ctx.profileId) throw notYours();
  // Only a changed link is checked, so editing an article post does not depend on the CMS.
  if (input.articleSlug !== null && input.articleSlug !== current.article_slug) {
    await checkArticleSlug(input.articleSlug);
  }

  const { unused, mentioned } = await ctx.db.transaction().execute(async (tx) => {
    const locked = await posts.findPostState(tx, input.postId, true);
    if (!locked || locked.deleted_at) throw postNotFound();
    const topicIds = await checkTopics(tx, input.topics);
    const before = await posts.postTopicIds(tx, input.postId);
    const gone = before.filter((id) => !topicIds.includes(id));
    const fresh = topicIds.filter((id) => !before.includes(id));
    await posts.removePostTopics(tx, input.postId, gone);
    await posts.addPostTopics(tx, input.postId, fresh);
    await adjustPostCounts(tx, new Map([...sameChange(gone, -1), ...sameChange(fresh, 1)]));
    await posts.updatePostFields(tx, input.postId, {
      title: input.title,
      content: input.content,
      articleSlug: input.articleSlug,
    });
    await posts.removePostImages(tx, input.postId, deleted);
    // Renumber before appending, so the appended positions stay small whatever the history.
    await posts.renumberPostImages(tx, input.postId);
    await posts.addPostImages(tx, input.postId, added);
    checkImageCount((await posts.postImageRefs(tx, input.postId)).length);
    // Only members mentioned here for the first time are notified: an edit never notifies twice.
    const mentioned = await recordMentions(tx, {
      postId: input.postId,
      commentId: null,
      authorId: ctx.profileId,
      text: input.content,
      field: 'content',
    });
    return { unused: await posts.unusedImageRefs(tx, deleted), mentioned };
  });
  await publishUnread(ctx.db, mentioned);
  // Only after commit: a rolled-back edit must not lose files. Failures are logged, never thrown.
  await deleteStoredImages(unused);
  const [post] = await posts.loadPostViews(ctx.db, [input.postId], viewerOf(ctx));
  return { post: post! };
};
