import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertDemoProject, seed } from '../../scripts/lib/seed.ts';

const root = resolve(import.meta.dirname, '../..');

describe('deploy safety', () => {
  it('the demo seed refuses a project id that does not start with demo-', async () => {
    const saved = { ...process.env };
    try {
      process.env.GCLOUD_PROJECT = 'kring-productie';
      process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:9099';
      await expect(seed('/nonexistent', () => undefined)).rejects.toThrow(
        /refuses to run against project "kring-productie"/,
      );
    } finally {
      process.env = saved;
    }
    expect(() => assertDemoProject({ GCLOUD_PROJECT: 'demo-kring' })).toThrow(/FIREBASE_AUTH_EMULATOR_HOST/);
    expect(() =>
      assertDemoProject({ GCLOUD_PROJECT: 'demo-kring', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }),
    ).not.toThrow();
  });

  it(".gitignore keeps .env files and the emulator secrets out of git, but not the functions' per-project settings", () => {
    const ignored = (path: string) => {
      try {
        execFileSync('git', ['check-ignore', '-q', path], { cwd: root });
        return true;
      } catch {
        return false;
      }
    };
    for (const path of [
      '.env',
      '.env.production',
      'functions/.env.local',
      'functions/dist/.env.kring-prod',
      'cms/.env.staging',
      'web/.env.local',
      'functions/dist/.secret.local',
      'web/sourcemaps/index.js.map',
    ]) {
      expect(ignored(path), path).toBe(true);
    }
    expect(ignored('web/.env.example')).toBe(false);
    // Plain, non-secret settings per project are committed and copied into dist by the build
    // (docs/deploy-settings.md).
    expect(ignored('functions/.env.kring-prod')).toBe(false);
    expect(ignored('functions/.env.kring-rehearsal')).toBe(false);
  });

  it('functions declare the secrets they read, so a deploy binds them from Secret Manager', async () => {
    const index = await import('../../functions/src/index.ts');
    const secretsOf = (fn: unknown) =>
      (
        (fn as { __endpoint: { secretEnvironmentVariables?: { key: string }[] } }).__endpoint
          .secretEnvironmentVariables ?? []
      )
        .map((s) => s.key)
        .sort();
    expect(secretsOf(index.web)).toEqual([
      'CLOUD_SQL_PASSWORD',
      'CMS_API_TOKEN',
      'CMS_WEBHOOK_SECRET',
      'MAIL_TOKEN_SECRET',
      'MOLLIE_API_KEY',
      'SMTP_PASSWORD',
    ]);
    // The site renders pages from the CMS with its read-only token.
    expect(secretsOf(index.site)).toEqual(['CMS_API_TOKEN']);
    expect(secretsOf(index.expireMembershipsJob)).toContain('MOLLIE_API_KEY');
    expect(secretsOf(index.retentionJob)).toContain('MOLLIE_API_KEY');
    // The mail jobs read the database, the CMS (the digest), SMTP and the unsubscribe-link key.
    for (const job of [index.mailNotificationsJob, index.weeklyDigestJob, index.digestBatchTask]) {
      expect(secretsOf(job)).toEqual([
        'CLOUD_SQL_PASSWORD',
        'CMS_API_TOKEN',
        'MAIL_TOKEN_SECRET',
        'SMTP_PASSWORD',
      ]);
    }
  });
});
