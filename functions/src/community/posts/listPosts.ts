import { id, type listPosts } from '@kring/contract';
import { z } from 'zod';
import { validationError } from '../../lib/errors.ts';
import type { Handler } from '../../lib/handler.ts';
import { decodeCursor, encodeCursor, int4, timestampKey } from '../shared/cursor.ts';
import { communityMessages as m } from '../shared/messages.ts';
import { viewerOf } from '../shared/viewer.ts';
import { existingTopicIds } from '../topics/topics.repo.ts';
import * as posts from './posts.repo.ts';

const newestCursor = z.object({ o: z.literal('c'), c: timestampKey, i: id });
const pointsCursor = z.object({
  o: z.literal('p'),
  a: timestampKey,
  p: int4,
  c: timestampKey,
  i: id,
});

/**
 * The timeline, narrowed to one topic and/or one article when asked. The first page starts with the
 * pinned posts (narrowed the same way), then `pageSize` posts by time (newest first) or by points;
 * later pages continue after the cursor. A slug nobody wrote about gives an empty page, not a 400:
 * the CMS is not asked; an unknown topic is refused (checked only when the page is empty: a topic that
 * does not exist has no posts). See docs/community-api.md for what a points cursor guarantees while votes
 * change.
 */
export const listPostsHandler: Handler<typeof listPosts> = async (ctx, input) => {
  const { topicId, articleSlug, pageSize, cursor, order } = input;
  const filter = { topicId, articleSlug };
  const limit = pageSize + 1;
  let ids: number[];
  let nextCursor: string | null = null;
  if (order === 'createdAt') {
    const after = cursor === null ? null : decodeCursor(cursor, newestCursor);
    const keys = await posts.listNewestPostKeys(ctx.db, {
      filter,
      after: after && { createdAt: after.c, id: after.i },
      limit,
    });
    const page = keys.slice(0, pageSize);
    const last = page.at(-1);
    if (keys.length > pageSize && last) nextCursor = encodeCursor({ o: 'c', c: last.createdAt, i: last.id });
    ids = page.map((k) => k.id);
  } else {
    const after = cursor === null ? null : decodeCursor(cursor, pointsCursor);
    const keys = await posts.listTopPostKeys(ctx.db, {
      filter,
      asOf: after?.a ?? null,
      after: after && { points: after.p, createdAt: after.c, id: after.i },
      limit,
    });
    const page = keys.slice(0, pageSize);
    const last = page.at(-1);
    if (keys.length > pageSize && last) {
      nextCursor = encodeCursor({ o: 'p', a: last.asOf, p: last.points, c: last.createdAt, i: last.id });
    }
    ids = page.map((k) => k.id);
  }
  const pinned = cursor === null ? await posts.listPinnedPostIds(ctx.db, filter) : [];
  // Only an empty page can be a topic nobody made: asked then, not on every call (issue 26).
  if (ids.length === 0 && pinned.length === 0 && topicId !== null) {
    if (!(await existingTopicIds(ctx.db, [topicId])).has(topicId))
      throw validationError('topicId', m.topicUnknown);
  }
  return { items: await posts.loadPostViews(ctx.db, [...pinned, ...ids], viewerOf(ctx)), nextCursor };
};
