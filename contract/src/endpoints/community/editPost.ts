import { z } from 'zod';
import { endpoint } from '../../endpoint.ts';
import { limits, rateLimits } from '../../limits.ts';
import { articleSlug, postInput } from '../../post-input.ts';
import { id, imageRef, post } from '../../schemas.ts';

/** The author edits their own post; images are added and removed by ref. */
export const editPost = endpoint({
  service: 'community',
  name: 'editPost',
  access: 'profile',
  rateLimit: rateLimits.edits,
  input: postInput.extend({
    postId: id,
    deletedImageRefs: z.array(imageRef).max(limits.postImagesMax).default([]),
    articleSlug: articleSlug.nullable().default(null),
  }),
  output: z.object({ post }),
});
