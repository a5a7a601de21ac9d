import { type App, getApps, initializeApp } from 'firebase-admin/app';
import { type Auth, getAuth } from 'firebase-admin/auth';
import { type Database, getDatabase } from 'firebase-admin/database';
import { getFunctions } from 'firebase-admin/functions';
import { getStorage } from 'firebase-admin/storage';
import { config } from './config.ts';
import { FUNCTIONS_REGION } from './function-options.ts';

/**
 * The only place that sets up firebase-admin. Getters are lazy, so a cold start that never touches
 * Storage or the Realtime Database never loads them. Emulator hosts come from the environment.
 */
let app: App | undefined;

export function adminApp(): App {
  app ??=
    getApps()[0] ??
    initializeApp({
      projectId: config.projectId(),
      storageBucket: config.storageBucket(),
      databaseURL: config.databaseURL(),
    });
  return app;
}

export const adminAuth = (): Auth => getAuth(adminApp());
export const adminDatabase = (): Database => getDatabase(adminApp());
export const adminBucket = () => getStorage(adminApp()).bucket();

/** The public URL of a stored file (avatars, post images): `storage.rules` serve their token paths to anyone who knows them. */
export const publicFileUrl = (ref: string): string =>
  `${config.storagePublicBase()}/${config.storageBucket()}/o/${encodeURIComponent(ref)}?alt=media`;

/**
 * Hands `data` to the task queue function `functionName` (Cloud Tasks in production; firebase-tools'
 * Tasks emulator when CLOUD_TASKS_EMULATOR_HOST is set, as in the local stack).
 */
export async function enqueueTask(functionName: string, data: Record<string, unknown>): Promise<void> {
  await getFunctions(adminApp())
    .taskQueue(`locations/${FUNCTIONS_REGION}/functions/${functionName}`)
    .enqueue(data, { dispatchDeadlineSeconds: 300 });
}
