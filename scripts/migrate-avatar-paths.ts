import { migrateAvatarPaths } from '../functions/src/community/images/avatar-paths.ts';
import { closeDb, getDb } from '../functions/src/lib/db.ts';

/**
 * Moves avatars stored at the old, guessable `community/profile/{id}/avatar.png` to
 * `community/profile/{id}/{random token}/avatar.png` (issue 21; docs/security.md "Member photos"):
 * copies each file, points the profile at the copy, deletes the old file, then deletes any old-path
 * file left over. Idempotent: run it again until it reports `failed: 0`.
 *
 *   DATABASE_URL=… STORAGE_BUCKET=… GCLOUD_PROJECT=… npx tsx scripts/migrate-avatar-paths.ts
 *
 * Uses the database and Firebase settings of the environment (the emulators when their hosts are
 * set, as `npm run dev` prints them). Run it after deploying the functions that write the new paths
 * and before deploying storage.rules, which no longer serve the old path.
 */
const result = await migrateAvatarPaths(await getDb());
console.log(
  `avatars moved: ${result.moved}, old files deleted: ${result.strayDeleted}, failed: ${result.failed}`,
);
await closeDb();
process.exit(result.failed ? 1 : 0);
