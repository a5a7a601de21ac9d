import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminAuth, adminBucket, adminDatabase } from './firebase.ts';
import { platformVariables, settingNames } from './settings.ts';

const saved = { ...process.env };

/**
 * The operator's scripts as docs/deploy.md runs them: production mode (no emulator host), only the
 * settings the script needs. `scripts/set-role.ts` and `scripts/sync-mail-addresses.ts` need Auth and
 * the database; `scripts/migrate-avatar-paths.ts` Storage and the database.
 */
describe('firebase-admin with production settings (the operator scripts)', () => {
  beforeEach(() => {
    for (const name of platformVariables) delete process.env[name];
    for (const name of settingNames) delete process.env[name];
    Object.assign(process.env, {
      GCLOUD_PROJECT: 'kring-prod',
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://kring@127.0.0.1:5432/kring',
    });
  });
  afterEach(() => {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  });

  it('Auth needs neither STORAGE_BUCKET nor RTDB_URL (set-role, sync-mail-addresses)', () => {
    expect(() => adminAuth()).not.toThrow();
  });

  it('Storage and the Realtime Database each need their own setting, and name it when missing', () => {
    expect(() => adminBucket()).toThrow(/STORAGE_BUCKET is not set/);
    expect(() => adminDatabase()).toThrow(/RTDB_URL is not set/);
    process.env.STORAGE_BUCKET = 'kring-prod.firebasestorage.app';
    expect(adminBucket().name).toBe('kring-prod.firebasestorage.app');
    process.env.RTDB_URL = 'https://kring-prod-default-rtdb.europe-west1.firebasedatabase.app';
    expect(adminDatabase().ref().toString()).toBe(`${process.env.RTDB_URL}/`);
  });
});
