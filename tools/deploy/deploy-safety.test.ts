import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCAL_CSP_SOURCES, localFirebaseConfig } from '../../scripts/lib/local-firebase.ts';
import { assertDemoProject, seed } from '../../scripts/lib/seed.ts';
import { cspValues, loopbackOrigins } from './bundle-check.ts';

const root = resolve(import.meta.dirname, '../..');
const firebaseJson = () => JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
/** The sources of one directive of a CSP. */
const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name)
    ?.slice(1) ?? [];

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
    // The web's per-project settings are public identifiers, committed (docs/deploy.md); local overrides are not.
    expect(ignored('web/.env.kring-rehearsal')).toBe(false);
    expect(ignored('web/.env.kring-rehearsal.local')).toBe(true);
    // The local stack's firebase.json with the emulators' origins is generated, never committed.
    expect(ignored('firebase.local.json')).toBe(true);
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

  it('the committed Hosting headers carry no loopback origin; the local stack adds its own', () => {
    const production = firebaseJson();
    const [csp = ''] = cspValues(production);
    expect(cspValues(production)).toHaveLength(1);
    expect(loopbackOrigins(csp)).toEqual([]);
    expect(JSON.stringify(production.hosting.headers)).not.toMatch(/127\.0\.0\.1|localhost|ws:\/\//);
    // The CMS's media live on Cloud Storage (cms/README.md): an editor's image or audio shows without a web deploy.
    expect(directive(csp, 'img-src')).toContain('https://storage.googleapis.com');
    expect(directive(csp, 'media-src')).toContain('https://storage.googleapis.com');
    // The Realtime Database SDK falls back to long-polling (where a WebSocket fails: proxies, a slow
    // start), which loads its frames as <script> from the database's host: without these the bell and
    // the chat counters stop for those members.
    expect(directive(csp, 'script-src')).toEqual(
      expect.arrayContaining(['https://*.firebasedatabase.app', 'https://*.firebaseio.com']),
    );

    // firebase.local.json (npm run dev, npm test): the same headers plus the emulators' origins, nothing else.
    const [local = ''] = cspValues(localFirebaseConfig(production));
    expect(loopbackOrigins(local).sort()).toEqual(
      [
        'http://127.0.0.1:*',
        'http://127.0.0.1:*',
        'http://127.0.0.1:*',
        'http://127.0.0.1:*',
        'ws://127.0.0.1:*',
      ].sort(),
    );
    for (const [name, sources] of Object.entries(LOCAL_CSP_SOURCES)) {
      expect(directive(local, name)).toEqual([...directive(csp, name), ...sources]);
    }
    const rest = (c: string) =>
      c
        .split(';')
        .map((d) => d.trim())
        .filter((d) => !Object.hasOwn(LOCAL_CSP_SOURCES, d.split(/\s+/)[0] ?? ''));
    expect(rest(csp)).toContain("frame-ancestors 'none'");
    expect(rest(csp)).not.toContain(expect.stringMatching(/^connect-src/));
    expect(rest(local)).toEqual(rest(csp));
  });

  it('a deploy builds what it ships, creates no Firestore database and is valid for firebase-tools', async () => {
    const config = firebaseJson();
    // firebase-tools runs these with GCLOUD_PROJECT set to the project it deploys to.
    expect(config.hosting.predeploy).toEqual(['npm run build:deploy']);
    expect(config.functions.map((f: { predeploy?: string[] }) => f.predeploy)).toEqual([
      ['npm run build:deploy'],
    ]);
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts['build:deploy']).toBe(
      'tsx scripts/build-deploy.ts',
    );
    // Kring stores nothing in Firestore: `firebase deploy` would otherwise create (default) in nam5 (US).
    expect(config).not.toHaveProperty('firestore');
    const { getValidator, getErrorMessage } = createRequire(import.meta.url)(
      'firebase-tools/lib/firebaseConfigValidate.js',
    );
    const validate = getValidator();
    expect(validate(config), (validate.errors ?? []).map(getErrorMessage).join('\n')).toBe(true);
    // Aliases: the local stack's demo project stays the default.
    expect(JSON.parse(readFileSync(join(root, '.firebaserc'), 'utf8')).projects).toMatchObject({
      default: 'demo-kring',
      rehearsal: 'kring-rehearsal',
    });
  });
});
