import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { localWebConfig, productionWebBuild } from '../../web/scripts/web-config.ts';
import { localValuesIn } from './bundle-check.ts';

const root = resolve(import.meta.dirname, '../..');
const webRoot = join(root, 'web');
const temp = mkdtempSync(join(tmpdir(), 'kring-web-build-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** The client build exactly as a deploy for `project` runs it, into a folder of its own. */
async function buildFor(project: string, name: string) {
  const outDir = join(temp, name, 'dist');
  const saved = process.env.GCLOUD_PROJECT;
  process.env.GCLOUD_PROJECT = project;
  try {
    await build({ root: webRoot, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  } finally {
    if (saved === undefined) delete process.env.GCLOUD_PROJECT;
    else process.env.GCLOUD_PROJECT = saved;
  }
  return outDir;
}

describe('the web build for a project', () => {
  it('for a real project carries only that project’s settings: no emulator host, no demo key', async () => {
    const dist = await buildFor('kring-rehearsal', 'rehearsal');
    expect(localValuesIn(dist)).toEqual([]);
    const settings = readFileSync(join(webRoot, '.env.kring-rehearsal'), 'utf8');
    const apiKey = /^VITE_FIREBASE_API_KEY=(.+)$/m.exec(settings)?.[1];
    const bundle = readdirSync(join(dist, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(dist, 'assets', f), 'utf8'))
      .join('\n');
    expect(bundle).toContain(apiKey);
    expect(bundle).toContain('https://kring-rehearsal-default-rtdb.europe-west1.firebasedatabase.app');
    expect(readFileSync(join(dist, 'robots.txt'), 'utf8')).toContain(
      'Sitemap: https://kring-rehearsal.web.app/sitemap.xml',
    );
  }, 120_000);

  it('for the local stack keeps the emulators’ demo settings (and the check sees them)', async () => {
    const dist = await buildFor('demo-kring', 'local');
    const found = localValuesIn(dist).flatMap((hit) => hit.found);
    expect(found).toEqual(expect.arrayContaining(['127.0.0.1', 'demo-api-key', 'demo-kring']));
  }, 120_000);

  it('for a project without web/.env.<projectId> stops with a message naming the file', async () => {
    await expect(buildFor('kring-nieuw', 'missing')).rejects.toThrow(
      /production build for project "kring-nieuw" needs web\/\.env\.kring-nieuw/,
    );
    expect(existsSync(join(temp, 'missing', 'dist'))).toBe(false);
  }, 120_000);

  it('refuses demo values, emulator addresses and a settings file of another project', () => {
    const dir = mkdtempSync(join(temp, 'env-'));
    writeFileSync(
      join(dir, '.env.kring-prod'),
      [
        'VITE_FIREBASE_API_KEY=demo-api-key',
        'VITE_FIREBASE_PROJECT_ID=kring-rehearsal',
        'VITE_FIREBASE_AUTH_DOMAIN=kring-prod.firebaseapp.com',
        'VITE_DATABASE_URL=http://127.0.0.1:9000?ns=demo-kring-default-rtdb',
        'VITE_USE_EMULATORS=true',
        'VITE_AUTH_EMULATOR_URL=http://127.0.0.1:9099',
      ].join('\n'),
    );
    let message = '';
    try {
      productionWebBuild('kring-prod', dir);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n').filter((line) => line.startsWith('  - '))).toEqual([
      '  - VITE_FIREBASE_API_KEY=demo-api-key is a local or demo value',
      '  - VITE_DATABASE_URL=http://127.0.0.1:9000?ns=demo-kring-default-rtdb is a local or demo value',
      '  - PUBLIC_BASE_URL is missing',
      '  - VITE_FIREBASE_PROJECT_ID=kring-rehearsal is not the project being built (kring-prod)',
      '  - VITE_USE_EMULATORS=true',
      '  - VITE_AUTH_EMULATOR_URL is set (emulators only)',
    ]);
  });

  it('local settings without any env file are the emulators’ (npm run dev from a fresh clone)', () => {
    expect(localWebConfig({})).toEqual({
      firebase: {
        apiKey: 'demo-api-key',
        projectId: 'demo-kring',
        authDomain: 'demo-kring.firebaseapp.com',
        databaseURL: 'http://127.0.0.1:9000?ns=demo-kring-default-rtdb',
      },
      useEmulators: true,
      authEmulatorUrl: 'http://127.0.0.1:9099',
      rtdbEmulator: { host: '127.0.0.1', port: 9000 },
    });
  });
});
