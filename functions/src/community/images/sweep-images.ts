import type { Db } from '../../lib/db.ts';
import { logs } from '../../lib/logs.ts';
import { deleteStoredImages } from './stored-images.ts';
import { forgetImages, imagesOfRemovedPosts, unattachedUploads } from './uploads.repo.ts';

/** Uploads nobody attached to a post within this many hours are deleted. */
export const unattachedUploadHours = 24;

/**
 * The image sweep (every 15 minutes): files of removed posts that no live post shows (a moderator's
 * removal too), and uploads never attached to a post within 24 hours, are deleted from Storage and
 * forgotten. Only what Storage really deleted is forgotten: a failed file stays recorded for the next
 * run, and this run goes on past it (in ref order), so a file Storage keeps refusing holds up nothing
 * else; a batch of which nothing was deleted (Storage down) ends the run. Bounded batches; what is
 * left waits for the next run.
 */
export async function sweepImages(
  db: Db,
  now: Date = new Date(),
  { batchSize = 200, maxBatches = 10 } = {},
): Promise<{ removedPostImages: number; unattached: number; failed: number }> {
  const removed = await sweep((after) => imagesOfRemovedPosts(db, batchSize, after), db, maxBatches);
  const unattached = await sweep(
    (after) => unattachedUploads(db, now, unattachedUploadHours, batchSize, after),
    db,
    maxBatches,
  );
  const counts = {
    removedPostImages: removed.deleted,
    unattached: unattached.deleted,
    failed: removed.failed + unattached.failed,
  };
  if (counts.removedPostImages || counts.unattached || counts.failed) logs.info('image sweep', counts);
  return counts;
}

/** Deletes batch after batch (each after the last ref of the one before), forgetting what is gone. */
async function sweep(
  batch: (after: string | null) => Promise<string[]>,
  db: Db,
  maxBatches: number,
): Promise<{ deleted: number; failed: number }> {
  let deleted = 0;
  let failed = 0;
  let after: string | null = null;
  for (let i = 0; i < maxBatches; i++) {
    const refs = await batch(after);
    if (refs.length === 0) break;
    const gone = await deleteStoredImages(refs);
    await forgetImages(db, gone);
    deleted += gone.length;
    failed += refs.length - gone.length;
    // Nothing of a whole batch deleted: Storage is down or hanging (5 s a batch), not one bad file.
    // The next run tries again rather than this one waiting out batch after batch.
    if (gone.length === 0) break;
    after = refs.at(-1) ?? null;
  }
  return { deleted, failed };
}
