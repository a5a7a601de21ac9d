import type { Db } from '../../lib/db.ts';
import { logs } from '../../lib/logs.ts';
import { deleteStoredImages } from './stored-images.ts';
import { forgetImages, imagesOfRemovedPosts, unattachedUploads } from './uploads.repo.ts';

/** Uploads nobody attached to a post within this many hours are deleted. */
export const unattachedUploadHours = 24;

/**
 * The image sweep (every 15 minutes): files of removed posts that no live post shows (a moderator's
 * removal too), and uploads never attached to a post within 24 hours, are deleted from Storage and
 * forgotten. Only what Storage really deleted is forgotten: a failed file stays recorded, and the
 * sweep stops there until the next run. Bounded batches; what is left waits for the next run.
 */
export async function sweepImages(
  db: Db,
  now: Date = new Date(),
  { batchSize = 200, maxBatches = 10 } = {},
): Promise<{ removedPostImages: number; unattached: number }> {
  let removedPostImages = 0;
  let unattached = 0;
  for (let i = 0; i < maxBatches; i++) {
    const refs = await imagesOfRemovedPosts(db, batchSize);
    if (refs.length === 0) break;
    const gone = await deleteStoredImages(refs);
    await forgetImages(db, gone);
    removedPostImages += gone.length;
    // Storage failed some: they stay recorded and would come back at once; the next run retries.
    if (gone.length < refs.length) break;
  }
  for (let i = 0; i < maxBatches; i++) {
    const refs = await unattachedUploads(db, now, unattachedUploadHours, batchSize);
    if (refs.length === 0) break;
    const gone = await deleteStoredImages(refs);
    await forgetImages(db, gone);
    unattached += gone.length;
    if (gone.length < refs.length) break;
  }
  if (removedPostImages || unattached) logs.info('image sweep', { removedPostImages, unattached });
  return { removedPostImages, unattached };
}
