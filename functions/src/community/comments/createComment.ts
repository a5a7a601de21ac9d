import { type createComment, limits } from '@kring/contract';
import { validationError } from '../../lib/errors.ts';
import type { Handler } from '../../lib/handler.ts';
import { recordMentions } from '../mentions/mentions.service.ts';
import { recordAction } from '../notifications/notifications.repo.ts';
import { publishUnread } from '../notifications/notify.ts';
import { adjustCommentCount, findPostState } from '../posts/posts.repo.ts';
import { postNotFound } from '../shared/errors.ts';
import { communityMessages as m } from '../shared/messages.ts';
import { viewerOf } from '../shared/viewer.ts';
import * as comments from './comments.repo.ts';

/**
 * A reply to a post, or to a comment of the same post. The post's author (or the parent comment's
 * author) is notified, unless they wrote the reply themselves. Nesting stops at
 * `limits.commentDepthMax`: a reply to a comment at that depth is stored next to it (under the same
 * parent) instead of below it, so the thread stays readable and the reply is not lost.
 */
export const createCommentHandler: Handler<typeof createComment> = async (ctx, input) => {
  const { db, profileId } = ctx;
  const created = await db.transaction().execute(async (tx) => {
    const post = await findPostState(tx, input.postId);
    if (!post || post.deleted_at) throw postNotFound();
    const parent = input.parentId === null ? null : await comments.findCommentState(tx, input.parentId);
    if (input.parentId !== null) {
      if (!parent || parent.post_id !== input.postId) throw validationError('parentId', m.parentNotInPost);
      if (parent.deleted_at) throw validationError('parentId', m.parentDeleted);
    }
    const parentDepth = parent ? await comments.commentDepth(tx, parent.id) : -1;
    const depth = Math.min(parentDepth + 1, limits.commentDepthMax);
    const storedParentId =
      parent && parentDepth >= limits.commentDepthMax
        ? await comments.ancestorAtDepth(tx, parent.id, limits.commentDepthMax - 1)
        : (parent?.id ?? null);
    const id = await comments.insertComment(tx, {
      postId: input.postId,
      parentId: storedParentId,
      authorId: profileId,
      content: input.content,
    });
    await adjustCommentCount(tx, input.postId, 1);
    const recipientId = parent ? parent.author_id : post.author_id;
    const notified = await recordAction(
      tx,
      parent
        ? { recipientId, kind: 'REPLY_COMMENT', postId: input.postId, commentId: parent.id }
        : { recipientId, kind: 'REPLY_POST', postId: input.postId, commentId: null },
      { actorId: profileId, replyCommentId: id },
    );
    const mentioned = await recordMentions(tx, {
      postId: input.postId,
      commentId: id,
      authorId: profileId,
      text: input.content,
      field: 'content',
    });
    return { id, depth, notified: [...(notified ? [recipientId] : []), ...mentioned] };
  });
  await publishUnread(db, created.notified);
  const row = await comments.findCommentRow(db, created.id);
  return { comment: comments.toComment(row!, created.depth, viewerOf(ctx), false) };
};
