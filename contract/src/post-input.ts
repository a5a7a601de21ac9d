import { z } from 'zod';
import { limits } from './limits.ts';
import { imageRef, topicId, trimmed } from './schemas.ts';

export const articleSlug = z
  .string()
  .trim()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .max(200);

/** What createPost, createArticlePost and editPost share. */
export const postInput = z.object({
  title: trimmed(limits.postTitleMax),
  content: trimmed(limits.postContentMax),
  topics: z.array(topicId).max(limits.postTopicsMax).default([]),
  addedImageRefs: z.array(imageRef).max(limits.postImagesMax).default([]),
});
