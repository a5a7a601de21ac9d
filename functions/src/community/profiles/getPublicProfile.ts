import { type getPublicProfile, id } from '@kring/contract';
import { z } from 'zod';
import { ApiError, notFound, validationError } from '../../lib/errors.ts';
import type { Handler } from '../../lib/handler.ts';
import { toComment } from '../comments/comments.repo.ts';
import { loadPostViews } from '../posts/posts.repo.ts';
import { decodeCursor, encodeCursor, timestampKey } from '../shared/cursor.ts';
import { communityMessages } from '../shared/messages.ts';
import { viewerOf } from '../shared/viewer.ts';
import { votedIds } from '../votes/votes.repo.ts';
import { findProfileById, toProfile } from './profiles.repo.ts';
import { type CreatedKey, listAuthorComments, listAuthorPostKeys } from './users.repo.ts';

/** Posts and comments per page on a profile. */
export const publicProfilePageSize = 10;

const createdCursor = z.strictObject({ createdAt: timestampKey, id });

/** decodeCursor reports a bad cursor on `cursor`; this page has two, so name the right one. */
function decodeField(field: 'postsCursor' | 'commentsCursor', cursor: string | null): CreatedKey | null {
  if (cursor === null) return null;
  try {
    return decodeCursor(cursor, createdCursor);
  } catch (error) {
    if (error instanceof ApiError) throw validationError(field, communityMessages.cursorInvalid);
    throw error;
  }
}

const nextOf = (keys: CreatedKey[]) =>
  keys.length > publicProfilePageSize ? encodeCursor(keys[publicProfilePageSize - 1]!) : null;

/** A profile with the member's recent posts and comments (not deleted), each list on its own cursor. */
export const getPublicProfileHandler: Handler<typeof getPublicProfile> = async (ctx, input) => {
  const { db } = ctx;
  const postsAfter = decodeField('postsCursor', input.postsCursor);
  const commentsAfter = decodeField('commentsCursor', input.commentsCursor);
  const row = await findProfileById(db, input.id);
  if (!row) throw notFound('PROFILE_NOT_FOUND');

  const viewer = viewerOf(ctx);
  const [postKeys, commentRows] = await Promise.all([
    listAuthorPostKeys(db, input.id, postsAfter, publicProfilePageSize + 1),
    listAuthorComments(db, input.id, commentsAfter, publicProfilePageSize + 1),
  ]);
  const comments = commentRows.slice(0, publicProfilePageSize);
  const [posts, voted] = await Promise.all([
    loadPostViews(
      db,
      postKeys.slice(0, publicProfilePageSize).map((k) => k.id),
      viewer,
    ),
    viewer.profileId === null
      ? new Set<number>()
      : votedIds(
          db,
          'comment',
          viewer.profileId,
          comments.map((c) => c.id),
        ),
  ]);
  return {
    profile: toProfile(row),
    posts,
    postsNextCursor: nextOf(postKeys),
    comments: comments.map((c) => ({
      ...toComment(c, c.depth, viewer, voted.has(c.id)),
      postTitle: c.post_title,
    })),
    commentsNextCursor: nextOf(commentRows.map((c) => ({ createdAt: c.created_key, id: c.id }))),
  };
};
