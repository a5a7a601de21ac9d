import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { comment, cursor, id, post, profile } from '../../schemas.ts';

/** Someone's public profile with their recent posts and comments; each list pages on its own cursor. */
export const getPublicProfile = endpoint({
  service: 'community',
  name: 'getPublicProfile',
  access: 'member',
  input: z.object({ id, postsCursor: cursor, commentsCursor: cursor }),
  output: z.object({
    profile,
    posts: z.array(post),
    postsNextCursor: z.string().nullable(),
    comments: z.array(comment.extend({ postTitle: z.string() })),
    commentsNextCursor: z.string().nullable(),
  }),
});
