import { randomBytes } from 'node:crypto';
import type { Db } from '../../lib/db.ts';
import { adminBucket } from '../../lib/firebase.ts';
import { logs } from '../../lib/logs.ts';
import { avatarRefInUse, moveAvatarRef, profilesWithLegacyAvatar } from '../profiles/profiles.repo.ts';
import { deleteStoredImages } from './stored-images.ts';
import { forgetImages, recordUpload } from './uploads.repo.ts';

/**
 * Where avatars live (spec: "community/profile/{id}/avatar.png", the profile's folder and file name),
 * with a random 128-bit segment between them: `community/profile/{id}/{token}/avatar.png`. Storage
 * serves community/** to anyone who knows the path (storage.rules), and profile ids are sequential, so
 * without the token a loop over ids collected every member's photo without signing in. The path (and
 * with it the token) reaches only members, in the API's avatarUrl. Each upload gets a new token: the
 * previous file is deleted, and a leaked URL stops working when the member changes their photo.
 */
export const newAvatarRef = (profileId: number): string =>
  `community/profile/${profileId}/${randomBytes(16).toString('base64url')}/avatar.png`;

const legacyAvatar = /^community\/profile\/(\d+)\/avatar\.png$/;

export interface AvatarMigration {
  /** Profiles whose avatar moved to an unguessable path. */
  moved: number;
  /** Old-path files deleted that no profile referred to any more (left by an earlier, cut-short run). */
  strayDeleted: number;
  /** Profiles left as they were (logged); a new run tries them again. */
  failed: number;
}

/**
 * The one-off move of existing avatars to unguessable paths (issue 21; `scripts/migrate-avatar-paths.ts`):
 * for every profile whose avatar_ref is the old `community/profile/{id}/avatar.png`, the file is copied
 * to a new token path, the ref moved (only if it is still the old one: a member who uploads a new photo
 * meanwhile wins, and the copy is deleted), and the old file deleted. Then every old-path file left in
 * the bucket that no profile refers to (a run cut short after moving the ref) is deleted. Safe to run
 * again at any time, also while members upload: it only ever looks at old-form refs and files, and
 * never takes a token file it did not make itself (a member's upload in flight lies in the same
 * folder). Each copy is recorded as an upload before it is made and forgotten in the transaction that
 * moves the ref, so a copy left by a run cut short in between is deleted by the image sweep (24 h).
 */
export async function migrateAvatarPaths(
  db: Db,
  options: { batchSize?: number } = {},
): Promise<AvatarMigration> {
  const bucket = adminBucket();
  const result: AvatarMigration = { moved: 0, strayDeleted: 0, failed: 0 };
  let after = 0;
  for (;;) {
    const batch = await profilesWithLegacyAvatar(db, after, options.batchSize ?? 100);
    if (batch.length === 0) break;
    after = batch.at(-1)!.id;
    for (const { id, avatar_ref: oldRef } of batch) {
      if (!oldRef) continue;
      try {
        const source = bucket.file(oldRef);
        const [exists] = await source.exists();
        if (!exists) {
          // Nothing to move: the profile shows the default avatar, as it already did.
          if (await moveAvatarRef(db, id, oldRef, null)) result.moved++;
          continue;
        }
        const newRef = newAvatarRef(id);
        await recordUpload(db, newRef, id);
        await source.copy(bucket.file(newRef));
        const moved = await db.transaction().execute(async (tx) => {
          if (!(await moveAvatarRef(tx, id, oldRef, newRef))) return false;
          await forgetImages(tx, [newRef]);
          return true;
        });
        if (moved) result.moved++;
        else if ((await deleteStoredImages([newRef])).length) await forgetImages(db, [newRef]);
        await source.delete({ ignoreNotFound: true });
      } catch (error) {
        // A member who replaced the photo meanwhile deleted the old file with it: nothing left to move.
        if (!(await avatarRefInUse(db, oldRef).catch(() => true))) continue;
        result.failed++;
        logs.error('avatar path migration failed for a profile; run it again', { profileId: id, error });
      }
    }
  }
  const [files] = await bucket.getFiles({ prefix: 'community/profile/' });
  // Every old-form ref has moved now, except the failed ones (and, during a deploy, one an old
  // function instance wrote meanwhile): an old-path file no profile refers to is a leftover.
  for (const file of files.filter((f) => legacyAvatar.test(f.name))) {
    if (await avatarRefInUse(db, file.name)) continue;
    await file.delete({ ignoreNotFound: true });
    result.strayDeleted++;
  }
  if (result.moved || result.strayDeleted || result.failed) logs.info('avatar path migration', { ...result });
  return result;
}
