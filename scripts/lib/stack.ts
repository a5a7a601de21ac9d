import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startMollieSandbox } from '../../tools/mollie-sandbox/server.ts';
import { startPostgresServer } from '../../tools/postgres/server.ts';
import { startRtdbServer } from '../../tools/rtdb/server.ts';
import { startStorageServer } from '../../tools/storage/server.ts';
import { writeLocalFirebaseConfig } from './local-firebase.ts';
import { portInUse, start, stopAll, waitForHttp, waitForLine } from './processes.ts';

export const root = resolve(import.meta.dirname, '../..');
const bin = (name: string) => join(root, 'node_modules/.bin', name);

/** The ports table of design.md. */
export const ports = {
  hosting: 5000,
  functions: 5001,
  auth: 9099,
  hub: 4400,
  tasks: 9499,
  logging: 4500,
  rtdb: 9000,
  storage: 9199,
  postgres: 5433,
  mollie: 8444,
  mollieCheckout: 8445,
  smtp: 1025,
  mailWeb: 1080,
  cms: 1337,
  vite: 5173,
} as const;

export const cmsToken = process.env.CMS_API_TOKEN ?? 'kring-local-cms-token-0123456789abcdef';
/** The local demo value functions/src/lib/config.ts also falls back to. */
export const cmsWebhookSecret = process.env.CMS_WEBHOOK_SECRET ?? 'kring-local-demo-cms-webhook-secret';
export const projectId = 'demo-kring';

export interface StackOptions {
  dataDir: string;
  /** Also start the Vite dev server (HMR on 5173). */
  vite: boolean;
  /** Rebuild functions and web on change. */
  watch: boolean;
  /** Use firebase-tools' own database and storage emulators (needs Java 21 and their jars). */
  officialEmulators: boolean;
  log: (line: string) => void;
}

const newestMtime = (dir: string): number => {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
};

/**
 * What a script needs in its own environment to reach the stack's database and emulators as the
 * functions do (the seed, the journeys' helpers): a part of the environment `startStack` returns.
 */
export const stackConnection = (env: NodeJS.ProcessEnv) => ({
  DATABASE_URL: env.DATABASE_URL,
  FIREBASE_AUTH_EMULATOR_HOST: env.FIREBASE_AUTH_EMULATOR_HOST,
  FIREBASE_DATABASE_EMULATOR_HOST: env.FIREBASE_DATABASE_EMULATOR_HOST,
  STORAGE_EMULATOR_HOST: env.STORAGE_EMULATOR_HOST,
  GCLOUD_PROJECT: env.GCLOUD_PROJECT,
});

/** Starts every part of the local stack and returns the environment the functions run with. */
export async function startStack(opts: StackOptions) {
  const { dataDir, log } = opts;
  const data = (part: string) => {
    const dir = join(dataDir, part);
    mkdirSync(dir, { recursive: true });
    return dir;
  };

  const busy = [];
  for (const [name, port] of Object.entries(ports)) {
    if (name === 'vite' && !opts.vite) continue;
    if (await portInUse(port)) busy.push(`${name} (${port})`);
  }
  if (busy.length)
    throw new Error(`These ports are taken (is another 'npm run dev' running?): ${busy.join(', ')}`);

  const closers: (() => Promise<void>)[] = [];
  const stop = async () => {
    await stopAll();
    for (const close of closers.reverse()) await close().catch(() => {});
  };

  try {
    let t = Date.now();
    const postgres = await startPostgresServer({ dataDir: data('postgres'), port: ports.postgres, log });
    closers.push(() => postgres.close());
    log(`postgres ready in ${Date.now() - t} ms`);

    const databaseUrl = postgres.url;
    const { createDb, migrateToLatest } = await import('../../functions/src/lib/db.ts');
    const db = createDb(databaseUrl, 2);
    const applied = await migrateToLatest(db);
    await db.destroy();
    if (applied.length) log(`migrations applied: ${applied.join(', ')}`);

    t = Date.now();
    if (!opts.officialEmulators) {
      const rtdb = await startRtdbServer({
        port: ports.rtdb,
        rulesPath: join(root, 'database.rules.json'),
        dataDir: data('rtdb'),
      });
      closers.push(() => rtdb.close());
      const storage = await startStorageServer({ port: ports.storage, dataDir: data('storage'), projectId });
      closers.push(() => storage.close());
    }
    const mollie = await startMollieSandbox({
      port: ports.mollie,
      checkoutHttpPort: ports.mollieCheckout,
      dataDir: data('mollie'),
      log: (line) => log(`mollie: ${line}`),
    });
    closers.push(() => mollie.close());
    log(`stand-ins ready in ${Date.now() - t} ms`);

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      GCLOUD_PROJECT: projectId,
      DATABASE_URL: databaseUrl,
      DB_POOL_MAX: '3',
      FIREBASE_DATABASE_EMULATOR_HOST: `127.0.0.1:${ports.rtdb}`,
      STORAGE_EMULATOR_HOST: `http://127.0.0.1:${ports.storage}`,
      FIREBASE_STORAGE_EMULATOR_HOST: `127.0.0.1:${ports.storage}`,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
      STORAGE_BUCKET: `${projectId}.appspot.com`,
      MOLLIE_API_ENDPOINT: mollie.apiUrl,
      MOLLIE_CA_CERT: mollie.caCertPath,
      PUBLIC_BASE_URL: `http://127.0.0.1:${ports.hosting}`,
      WEBHOOK_BASE_URL: `http://127.0.0.1:${ports.hosting}`,
      CMS_URL: `http://127.0.0.1:${ports.cms}`,
      CMS_API_TOKEN: cmsToken,
      // Strapi posts every entry change to the search index (docs/search.md); both sides share the secret.
      KRING_SEARCH_WEBHOOK_URL: `http://127.0.0.1:${ports.hosting}/web/cms/webhook`,
      CMS_WEBHOOK_SECRET: cmsWebhookSecret,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(ports.smtp),
      // Lets scripts that enqueue (scripts/send-mail.ts) reach the Tasks emulator; the functions
      // emulator sets the same for its workers.
      CLOUD_TASKS_EMULATOR_HOST: `127.0.0.1:${ports.tasks}`,
      FIREBASE_FUNCTIONS_DISCOVERY_OUTPUT_PATH: 'true',
    };
    // The functions declare their secrets (functions/src/lib/secrets.ts); the emulator takes local
    // values from .secret.local next to the bundle instead of asking Secret Manager (offline here).
    mkdirSync(join(root, 'functions/dist'), { recursive: true });
    writeFileSync(
      join(root, 'functions/dist/.secret.local'),
      [
        `MOLLIE_API_KEY=${env.MOLLIE_API_KEY ?? 'test_KringSandboxTestKey00000000000'}`,
        `CMS_API_TOKEN=${cmsToken}`,
        'MAIL_TOKEN_SECRET=kring-local-demo-mail-token-secret-not-for-production',
        `CMS_WEBHOOK_SECRET=${cmsWebhookSecret}`,
        'SMTP_PASSWORD=unused-locally',
        'CLOUD_SQL_PASSWORD=unused-locally',
        '',
      ].join('\n'),
    );

    const mailLines: string[] = [];
    start(
      'mail',
      bin('maildev'),
      [
        '--smtp',
        String(ports.smtp),
        '--web',
        String(ports.mailWeb),
        '--ip',
        '127.0.0.1',
        '--web-ip',
        '127.0.0.1',
      ],
      {
        cwd: root,
        env,
        quiet: true,
        onLine: (l) => mailLines.push(l),
      },
    );

    const cmsLines: string[] = [];
    const cms = start('cms', process.execPath, [join(root, 'cms/scripts/start.mjs')], {
      cwd: root,
      env: { ...env, CMS_PORT: String(ports.cms), CMS_HOST: '127.0.0.1', CMS_DATA_DIR: data('cms') },
      stopSignal: 'SIGINT',
      quiet: true,
      onLine: (l) => cmsLines.push(l),
    });

    // Functions: one bundle now, then rebuilt on change in dev.
    t = Date.now();
    const functionsLines: string[] = [];
    const functionsBuild = start(
      'functions-build',
      process.execPath,
      [join(root, 'functions/build.mjs'), ...(opts.watch ? ['--watch'] : [])],
      {
        cwd: root,
        env,
        quiet: true,
        onLine: (l) => functionsLines.push(l),
      },
    );
    await waitForLine(functionsBuild, /functions: (built|watching)/, 120_000, functionsLines);
    log(`functions bundled in ${Date.now() - t} ms`);

    // The Hosting emulator serves web/dist and the site function renders pages with the server
    // bundle in functions/dist/ssr (its template is the client's index.html): rebuild both when
    // the web sources are newer.
    // A deploy's build (`npm run build:deploy`) is for another project: never served locally.
    const distIndex = join(root, 'functions/dist/ssr/template.html');
    const builtFor = join(root, 'functions/dist/ssr/build.json');
    const localBuild =
      existsSync(distIndex) &&
      existsSync(builtFor) &&
      JSON.parse(readFileSync(builtFor, 'utf8')).projectId === projectId;
    const skipWebBuild = process.env.KRING_SKIP_WEB_BUILD === 'true' && localBuild;
    if (!skipWebBuild && (!localBuild || newestMtime(join(root, 'web')) > statSync(distIndex).mtimeMs)) {
      t = Date.now();
      const webLines: string[] = [];
      const build = start('web-build', process.execPath, [join(root, 'web/scripts/build.mjs'), '--quiet'], {
        cwd: join(root, 'web'),
        env,
        quiet: true,
        onLine: (l) => webLines.push(l),
      });
      const code = await new Promise<number | null>((r) => build.child.once('exit', r));
      if (code !== 0) throw new Error(`web build failed:\n${webLines.slice(-30).join('\n')}`);
      log(`web built in ${Date.now() - t} ms`);
    }

    t = Date.now();
    const authExport = data('auth');
    const hasExport = existsSync(join(authExport, 'firebase-export-metadata.json'));
    const only = opts.officialEmulators
      ? 'auth,functions,hosting,tasks,database,storage'
      : 'auth,functions,hosting,tasks';
    // firebase.json is production's; the emulators run with the local origins added to its CSP.
    const localConfig = writeLocalFirebaseConfig(root);
    const emulatorLines: string[] = [];
    const emulators = start(
      'firebase',
      bin('firebase'),
      [
        'emulators:start',
        '--config',
        localConfig,
        '--only',
        only,
        '--project',
        projectId,
        ...(hasExport ? ['--import', authExport] : []),
        '--export-on-exit',
        authExport,
      ],
      { cwd: root, env, stopSignal: 'SIGINT', quiet: true, onLine: (l) => emulatorLines.push(l) },
    );
    await waitForLine(emulators, /All emulators ready/, 180_000, emulatorLines);
    log(`firebase emulators ready in ${Date.now() - t} ms`);

    if (opts.vite) {
      const viteLines: string[] = [];
      start('vite', bin('vite'), ['--host', '127.0.0.1', '--port', String(ports.vite), '--strictPort'], {
        cwd: join(root, 'web'),
        env,
        quiet: true,
        onLine: (l) => viteLines.push(l),
      });
    }

    await Promise.all([
      waitForLine(cms, /\[cms\] ready/, 300_000, cmsLines),
      waitForHttp(`http://127.0.0.1:${ports.mailWeb}/`, 60_000),
      opts.vite ? waitForHttp(`http://127.0.0.1:${ports.vite}/`, 60_000) : Promise.resolve(),
    ]);

    return { env, mollie, stop, emulatorLines, cmsLines };
  } catch (error) {
    await stop();
    throw error;
  }
}
