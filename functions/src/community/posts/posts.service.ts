import type { Post } from '@kring/contract';
import type { Db } from '../../lib/db.ts';
import type { AuthUser } from '../../lib/handler.ts';
import { recordMentions } from '../mentions/mentions.service.ts';
import { publishUnread } from '../notifications/notify.ts';
import { viewerOf } from '../shared/viewer.ts';
import { adjustPostCounts, sameChange } from '../topics/topics.repo.ts';
import { checkArticleSlug, checkImageRefs, checkTopics } from './post-rules.ts';
import * as posts from './posts.repo.ts';

export interface NewPost {
  title: string;
  content: string;
  topics: number[];
  addedImageRefs: string[];
}

/**
 * Stores a post with its topics and images in one transaction and returns it as the author sees it:
 * createPost (no article) and createArticlePost (about a kennisbank article) both come here.
 */
export async function storeNewPost(
  ctx: { db: Db; user: AuthUser; profileId: number },
  input: NewPost,
  articleSlug: string | null,
): Promise<{ post: Post }> {
  const refs = checkImageRefs(ctx.profileId, input.addedImageRefs, 'addedImageRefs');
  // The CMS is asked before the transaction: no row lock waits on the network.
  if (articleSlug !== null) await checkArticleSlug(articleSlug);
  const created = await ctx.db.transaction().execute(async (tx) => {
    const topicIds = await checkTopics(tx, input.topics);
    const id = await posts.insertPost(tx, {
      authorId: ctx.profileId,
      title: input.title,
      content: input.content,
      articleSlug,
    });
    await posts.addPostTopics(tx, id, topicIds);
    await adjustPostCounts(tx, sameChange(topicIds, 1));
    await posts.addPostImages(tx, id, refs);
    const mentioned = await recordMentions(tx, {
      postId: id,
      commentId: null,
      authorId: ctx.profileId,
      text: input.content,
      field: 'content',
    });
    return { id, mentioned };
  });
  await publishUnread(ctx.db, created.mentioned);
  const postId = created.id;
  const [post] = await posts.loadPostViews(ctx.db, [postId], viewerOf(ctx));
  return { post: post! };
}
