import { limits } from '@kring/contract';
import type { Conn } from '../../lib/db.ts';
import { validationError } from '../../lib/errors.ts';
import { communityMessages as m } from '../shared/messages.ts';
import { existingTopicIds } from '../topics/topics.repo.ts';
import { articleExists } from './articles.ts';

/** The checks of a post's fields that need more than the input schema: topics, image refs, article. */

/** The topic ids without repeats; an unknown one is a 400 on `topics.{index}`. */
export async function checkTopics(conn: Conn, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const known = await existingTopicIds(conn, unique);
  const index = ids.findIndex((id) => !known.has(id));
  if (index >= 0) throw validationError(`topics.${index}`, m.topicUnknown);
  return unique;
}

/** Image refs must be the caller's own uploads: community/post/{profileId}/…; repeats are dropped. */
export function checkImageRefs(profileId: number, refs: string[], field: string): string[] {
  const prefix = `community/post/${profileId}/`;
  const index = refs.findIndex((ref) => !ref.startsWith(prefix));
  if (index >= 0) throw validationError(`${field}.${index}`, m.imageNotYours);
  return [...new Set(refs)];
}

export function checkImageCount(count: number): void {
  if (count > limits.postImagesMax) throw validationError('addedImageRefs', m.tooManyImages);
}

/** The slug must name an article in the CMS; an unreachable CMS is a 503 (from articleExists). */
export async function checkArticleSlug(slug: string): Promise<void> {
  if (!(await articleExists(slug))) throw validationError('articleSlug', m.articleUnknown);
}
