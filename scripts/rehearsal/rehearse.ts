/**
 * The production rehearsal (`npm test`'s step; alone: `npx tsx scripts/rehearsal/rehearse.ts`): what a
 * first `firebase deploy --project kring-rehearsal` would build, install and run, proven offline.
 *
 * 1. Build as a deploy does (`GCLOUD_PROJECT=kring-rehearsal npm run build`, the predeploy hook) in a
 *    copy of the working tree as a fresh clone has it (git-ignored files left out), so the dev stack's
 *    and the browser journeys' functions/dist and web/dist are never touched.
 * 2. Install functions/dist as Cloud Build does (`npm ci --omit=dev` from the build's package-lock.json, in a
 *    copy), and check that every installed package, indirect ones included, is the version the workspace's
 *    package-lock.json pinned.
 * 3. Read the manifest with firebase-tools' own discovery and resolve its params non-interactively from
 *    functions/.env.kring-rehearsal, as `firebase deploy --non-interactive` would; check every function.
 * 4. Start `site`, `web` and the scheduled jobs from the installed bundle on Node 22 with only
 *    production settings (the .env file, the platform's variables, the secrets each function binds),
 *    against a real PostgreSQL, the real CMS and the Mollie sandbox; fetch pages, the sitemap, a few
 *    calls, and run each job as Cloud Scheduler does.
 * 5. The web bundle and the production CSP hold no local value.
 *
 * Writes `{ passed, failed, failures }` to REHEARSAL_REPORT for scripts/test.ts.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import pg from 'pg';
import {
  freePort,
  type StrapiTestServer,
  startStrapi,
} from '../../functions/src/content/strapi-test-server.ts';
import {
  cmsBudget,
  connectionsAllowed,
  type FunctionName,
  functionBudget,
  functionNames,
} from '../../functions/src/lib/connection-budget.ts';
import { createDb, migrateToLatest } from '../../functions/src/lib/db.ts';
import { functionSecrets } from '../../functions/src/lib/secrets.ts';
import { requiredPlainNames, secretNames } from '../../functions/src/lib/settings.ts';
import { startMollieSandbox } from '../../tools/mollie-sandbox/server.ts';
import { startPostgresServer } from '../../tools/postgres/server.ts';
import { differencesFromRootLock, installedPackages } from './installed-versions.ts';

const root = resolve(import.meta.dirname, '../..');
const projectId = 'kring-rehearsal';
const region = 'europe-west1';
const timeZone = 'Europe/Amsterdam';
const reportFile = process.env.REHEARSAL_REPORT;
const keep = process.env.KRING_KEEP_REHEARSAL === 'true';
const node22 = existsSync(join(root, 'node_modules/.bin/node'))
  ? join(root, 'node_modules/.bin/node')
  : process.execPath;
const basePath = `${join(root, 'node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}`;
/** What a value must never be in production: loopback, emulator or demo. */
const localValue = /127\.0\.0\.1|localhost|\[::1\]|0\.0\.0\.0|demo-|\.local\b|appspot\.com/;

const require = createRequire(import.meta.url);
const firebaseTools = (path: string) => require(join(root, 'node_modules/firebase-tools/lib', path));

// ── checks and their report ────────────────────────────────────────────────────────────────────
const results: { name: string; ok: boolean; detail?: string }[] = [];
function check(name: string, ok: boolean, detail?: string): boolean {
  results.push({ name, ok, ...(detail ? { detail } : {}) });
  console.log(`  ${ok ? '✓' : '✗'} ${name}${!ok && detail ? `\n      ${detail}` : ''}`);
  return ok;
}
const started = Date.now();
const phase = (name: string) => console.log(`\n── ${name} (${((Date.now() - started) / 1000).toFixed(0)} s)`);

/** Every process the rehearsal starts (the build, the install, Strapi, the functions): stopped at the end. */
const children: ChildProcess[] = [];

const run = (command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) =>
  new Promise<{ code: number; output: string }>((done) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.on('exit', (code) => done({ code: code ?? 1, output }));
  });

// ── 1. a fresh clone's files, built for the project ───────────────────────────────────────────
/** The working tree as a clone has it: tracked and new files, git-ignored ones (web/.env, dist) left out. */
function copyTree(to: string) {
  // REHEARSAL_SOURCE: rehearse another tree (an export of an older commit) against today's expectations.
  const from = process.env.REHEARSAL_SOURCE;
  if (from) {
    cpSync(from, to, {
      recursive: true,
      filter: (path) => !/\/(node_modules|dist|\.data|cms)(\/|$)/.test(path.slice(from.length)),
    });
  }
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: root })
    .toString()
    .split('\0')
    .filter((f) => !from && f && !f.startsWith('cms/') && existsSync(join(root, f)));
  for (const file of files) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    cpSync(join(root, file), join(to, file));
  }
  // Installed packages and the CMS (only read by the build: its seed media) are shared, not copied.
  symlinkSync(join(root, 'cms'), join(to, 'cms'));
  for (const dir of ['', 'web', 'functions', 'contract', 'tools']) {
    if (existsSync(join(root, dir, 'node_modules')))
      symlinkSync(join(root, dir, 'node_modules'), join(to, dir, 'node_modules'));
  }
}

async function buildAndInstall(work: string) {
  const source = join(work, 'source');
  copyTree(source);
  // A deploy's predeploy hook: `npm run build` with GCLOUD_PROJECT set, nothing else from a dev shell.
  const build = await run('npm', ['run', 'build'], source, {
    PATH: basePath,
    HOME: process.env.HOME,
    GCLOUD_PROJECT: projectId,
    PROJECT_DIR: source,
  });
  console.log(`    built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (
    !check(
      'the deploy build (GCLOUD_PROJECT=kring-rehearsal npm run build) succeeds',
      build.code === 0,
      build.output.slice(-1500),
    )
  )
    return undefined;
  const install = join(work, 'install');
  cpSync(join(source, 'functions/dist'), install, { recursive: true });
  // The registry is reached as this machine reaches it (its proxy and CA settings stay), but none of the
  // repo's npm settings (`npm test` exports them as npm_config_*, e.g. strict-allow-scripts): Cloud
  // Build installs the folder with npm's defaults.
  const npmEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  // Google's Node.js buildpack runs `npm ci` when the folder has a package-lock.json (the build writes
  // one, functions/dist-package.mjs): npm refuses a lockfile out of step with package.json.
  const npm = await run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], install, {
    ...npmEnv,
    PATH: basePath,
  });
  if (
    !check(
      'functions/dist installs as Cloud Build installs it (npm ci --omit=dev from its package-lock.json)',
      npm.code === 0,
      // npm says what is wrong first, then its usage text.
      npm.output.slice(0, 1500),
    )
  )
    return undefined;
  const rootLock = JSON.parse(readFileSync(join(source, 'package-lock.json'), 'utf8'));
  const installed = installedPackages(install);
  const distPackage = JSON.parse(readFileSync(join(install, 'package.json'), 'utf8'));
  const differences = differencesFromRootLock(installed, rootLock, distPackage);
  check(
    `the ${installed.size} installed packages (indirect ones included) are the versions package-lock.json pinned for the tests`,
    installed.size > 0 && differences.length === 0,
    `${differences.length} differ: ${differences.slice(0, 6).join('; ')}`,
  );
  const sharpNative = [...installed.keys()].filter((l) => l.startsWith('node_modules/@img/sharp-'));
  check(
    "sharp's native package for this platform is installed, no other platform's",
    sharpNative.includes(`node_modules/@img/sharp-${process.platform}-${process.arch}`) &&
      // npm 10 (Node 22's) also installs the WebAssembly fallback, which runs anywhere and stays unused.
      sharpNative.every((l) => l.includes(`-${process.platform}-${process.arch}`) || l.endsWith('-wasm32')),
    `installed: ${sharpNative.join(', ') || 'none'}`,
  );
  cpSync(join(import.meta.dirname, 'function-server.mjs'), join(install, 'rehearsal-server.mjs'));
  cpSync(join(import.meta.dirname, 'framework-body.mjs'), join(install, 'framework-body.mjs'));
  return { source, install };
}

// ── 2. a real PostgreSQL and the CMS ────────────────────────────────────────────────────────────
async function startDatabase() {
  const given = process.env.TEST_DATABASE_URL;
  let url: string;
  let close = async () => {};
  if (given) {
    const client = new pg.Client({ connectionString: given });
    await client.connect();
    await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
    await client.end();
    url = given;
  } else {
    const server = await startPostgresServer({});
    url = server.url;
    close = () => server.close();
  }
  const db = createDb(url, 1);
  await migrateToLatest(db);
  await db.destroy();
  return { url, close };
}

// ── 3. the manifest, as firebase deploy reads it ────────────────────────────────────────────────
interface Endpoint {
  id: string;
  region: string;
  availableMemoryMb?: number | null;
  timeoutSeconds?: number | null;
  maxInstances?: number | null;
  secretEnvironmentVariables?: { key: string }[];
  scheduleTrigger?: { schedule: string; timeZone?: string | null };
  taskQueueTrigger?: unknown;
  httpsTrigger?: unknown;
}

async function readManifest(projectDir: string, install: string) {
  const nodeRuntime = firebaseTools('deploy/functions/runtimes/node/index.js');
  const functionsEnv = firebaseTools('functions/env.js');
  const buildLib = firebaseTools('deploy/functions/build.js');
  const backendLib = firebaseTools('deploy/functions/backend.js');
  const delegate = await nodeRuntime.tryCreateDelegate({
    projectId,
    projectDir,
    sourceDir: install,
    runtime: 'nodejs22',
  });
  await delegate.validate();
  const userEnvs: Record<string, string> = functionsEnv.loadUserEnvs({
    functionsSource: install,
    projectId,
    projectDir,
  });
  const firebaseConfig = {
    projectId,
    storageBucket: userEnvs.STORAGE_BUCKET,
    databaseURL: userEnvs.RTDB_URL,
  };
  const firebaseEnvs = functionsEnv.loadFirebaseEnvs(firebaseConfig, projectId);
  const discovered = await delegate.discoverBuild(
    { firebase: firebaseConfig },
    { ...userEnvs, ...firebaseEnvs },
  );
  const params: { name: string; type: string; default?: unknown }[] = discovered.params ?? [];
  let resolved: { backend: unknown; envs: Record<string, { internal: boolean; toSDK(): string }> };
  try {
    // As `firebase deploy --non-interactive`: a param with no value in the .env file stops the deploy.
    // (isEmulator only skips asking Secret Manager whether the secrets exist: offline here.)
    resolved = await buildLib.resolveBackend({
      build: discovered,
      firebaseConfig,
      userEnvs,
      codebase: 'default',
      nonInteractive: true,
      isEmulator: true,
    });
  } catch (error) {
    check('the deploy has a value for every param (functions/.env.kring-rehearsal)', false, String(error));
    return undefined;
  }
  check('the deploy has a value for every param (functions/.env.kring-rehearsal)', true);
  const endpoints: Endpoint[] = backendLib.allEndpoints(resolved.backend);
  const paramEnvs = Object.fromEntries(
    Object.entries(resolved.envs)
      .filter(([, v]) => !v.internal && v.toSDK())
      .map(([k, v]) => [k, v.toSDK()]),
  );
  // What the deployed functions get: the .env file, the platform's project variables, the params.
  const runtimeEnv: Record<string, string> = { ...userEnvs, ...firebaseEnvs, ...paramEnvs };
  return { params, endpoints, userEnvs, runtimeEnv };
}

function checkManifest(manifest: NonNullable<Awaited<ReturnType<typeof readManifest>>>) {
  const { params, endpoints, userEnvs } = manifest;
  const ids = endpoints.map((e) => e.id).sort();
  check(
    'the bundle deploys exactly the functions of lib/connection-budget.ts',
    JSON.stringify(ids) === JSON.stringify([...functionNames].sort()),
    `deployed: ${ids.join(', ')}`,
  );
  const missingParams = [
    ...requiredPlainNames.filter(
      (n) => !params.some((p) => p.name === n && p.type !== 'secret' && p.default === undefined),
    ),
    ...secretNames.filter((n) => !params.some((p) => p.name === n && p.type === 'secret')),
  ];
  check(
    'every required setting is a param without default and every secret a defineSecret (a deploy asks for them)',
    missingParams.length === 0,
    `not declared: ${missingParams.join(', ')}`,
  );
  const localEntries = Object.entries(userEnvs).filter(([, v]) => localValue.test(v));
  check(
    'functions/.env.kring-rehearsal is deployed and holds no loopback or demo value',
    Object.keys(userEnvs).length > 0 && localEntries.length === 0,
    Object.keys(userEnvs).length === 0
      ? 'functions/dist has no .env file for the project'
      : localEntries.map(([k, v]) => `${k}=${v}`).join(', '),
  );
  // The CMS's Strapi pools share the Cloud SQL instance.
  let connections = cmsBudget.maxInstances * cmsBudget.pool;
  for (const e of endpoints) {
    const problems: string[] = [];
    if (e.region !== region) problems.push(`region ${e.region}`);
    if (!e.availableMemoryMb) problems.push('no memory');
    if (!e.timeoutSeconds) problems.push('no timeout');
    if (!e.maxInstances) problems.push('no instance cap');
    if (e.scheduleTrigger && e.scheduleTrigger.timeZone !== timeZone)
      problems.push(`schedule in ${e.scheduleTrigger.timeZone ?? 'UTC'}`);
    const budget = functionBudget[e.id as FunctionName];
    if (budget && e.maxInstances !== budget.maxInstances)
      problems.push(`maxInstances ${e.maxInstances ?? 'none'}, the budget says ${budget.maxInstances}`);
    connections += (e.maxInstances ?? Number.POSITIVE_INFINITY) * (budget?.pool ?? 5);
    check(
      `${e.id}: ${region}, memory, timeout, instance cap${e.scheduleTrigger ? `, ${timeZone}` : ''}`,
      problems.length === 0,
      problems.join('; '),
    );
    const bound = (e.secretEnvironmentVariables ?? []).map((s) => s.key).sort();
    const reads = [...(functionSecrets[e.id as FunctionName] ?? [])].sort();
    check(
      `${e.id} binds exactly the secrets it reads`,
      JSON.stringify(bound) === JSON.stringify(reads),
      `binds [${bound.join(', ')}], reads [${reads.join(', ')}]`,
    );
  }
  check(
    `all instances' pools, the CMS's included, fit the Cloud SQL budget (${connectionsAllowed()} connections)`,
    connections <= connectionsAllowed(),
    `up to ${connections} connections`,
  );
}

// ── 4. the installed bundle, started with production settings ────────────────────────────────
async function startFunction(install: string, fn: FunctionName, env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(node22, ['rehearsal-server.mjs'], {
    cwd: install,
    // Only production settings: nothing from this shell but PATH and HOME.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...env,
      FUNCTION_TARGET: fn,
      K_SERVICE: fn,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const ready = await new Promise<boolean>((done) => {
    const timer = setTimeout(() => done(false), 60_000);
    const onData = (c: Buffer) => {
      output += c.toString();
      if (output.includes('listening on')) {
        clearTimeout(timer);
        done(true);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', () => {
      clearTimeout(timer);
      done(false);
    });
  });
  return { url: `http://127.0.0.1:${port}`, ready, output: () => output, child };
}

/** The env one function gets in production: the common settings and the secrets it binds, no others. */
function envOf(
  manifest: NonNullable<Awaited<ReturnType<typeof readManifest>>>,
  fn: FunctionName,
  overrides: Record<string, string>,
  secrets: Record<string, string>,
) {
  const endpoint = manifest.endpoints.find((e) => e.id === fn);
  const bound = Object.fromEntries(
    (endpoint?.secretEnvironmentVariables ?? []).map((s) => [s.key, secrets[s.key] ?? '']),
  );
  return { ...manifest.runtimeEnv, NODE_ENV: 'production', ...bound, ...overrides };
}

const get = async (url: string, init?: RequestInit) => {
  const response = await fetch(url, { redirect: 'manual', ...init });
  return { status: response.status, headers: response.headers, body: await response.text() };
};

/** mjml (0.6 s of a cold start) is loaded on the first mail, not by importing the bundle. */
const checkNoMailRenderer = (fn: FunctionName, output: string) =>
  check(
    `${fn} starts without loading the mail renderer (mjml)`,
    output.includes('mjml loaded: no'),
    output.match(/\[function\].*/)?.[0] ?? output.slice(-300),
  );

async function rehearseSite(
  install: string,
  template: string,
  env: Record<string, string>,
  cms: StrapiTestServer,
  webDist: string,
) {
  const site = await startFunction(install, 'site', env);
  if (!check('site starts on Node 22 with production settings', site.ready, site.output().slice(-1500)))
    return;
  console.log(`    ${site.output().trim().split('\n').at(-1)}`);
  checkNoMailRenderer('site', site.output());
  const publicBase = env.PUBLIC_BASE_URL ?? '';
  const isPage = (page: { status: number; headers: Headers; body: string }) =>
    page.status === 200 &&
    /s-maxage=\d+/.test(page.headers.get('cache-control') ?? '') &&
    page.body.length > template.length + 200 &&
    !page.body.includes('127.0.0.1');
  const home = await get(`${site.url}/`);
  check(
    'site: / is the rendered page (not the shell), cacheable by the CDN (s-maxage)',
    isPage(home) && home.body.includes(`${publicBase}/`),
    `${home.status}, ${home.headers.get('cache-control')}, ${home.body.length} bytes (shell ${template.length})`,
  );
  // The plans come from listPlans at PUBLIC_BASE_URL (issue 27), which the offline rehearsal cannot
  // reach: the page must still render, with the browser's loading state, within the plans' timeout.
  const started = Date.now();
  const community = await get(`${site.url}/community`);
  check(
    'site: /community renders (plans from PUBLIC_BASE_URL or the loading state), s-maxage=60',
    isPage(community) &&
      community.headers.get('cache-control')?.includes('s-maxage=60,') === true &&
      /Prijzen worden geladen|per maand/.test(community.body),
    `${community.status}, ${community.headers.get('cache-control')}, ${community.body.length} bytes in ${Date.now() - started} ms`,
  );
  await checkMemberHints(site.url, template, webDist);
  const sitemap = await get(`${site.url}/sitemap.xml`);
  const article = sitemap.body.match(
    new RegExp(`<loc>${publicBase.replace(/[.]/g, '\\.')}(/kennisbank/[^<]+)</loc>`),
  )?.[1];
  check(
    'site: /sitemap.xml lists the CMS articles at PUBLIC_BASE_URL, s-maxage',
    sitemap.status === 200 &&
      article !== undefined &&
      /s-maxage=\d+/.test(sitemap.headers.get('cache-control') ?? ''),
    `${sitemap.status}, ${sitemap.headers.get('cache-control')}, ${sitemap.body.slice(0, 200)}`,
  );
  if (!article) return;
  const slug = decodeURIComponent(article.split('/').at(-1) ?? '');
  const entry = (await (
    await fetch(`${cms.url}/api/articles?filters[slug][$eq]=${encodeURIComponent(slug)}`, {
      headers: { authorization: `Bearer ${cms.token}` },
    })
  ).json()) as { data?: { title?: string }[] };
  const title = entry.data?.[0]?.title ?? '(no title from the CMS)';
  const page = await get(`${site.url}${article}`);
  const escaped = title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  check(
    `site: the article ${article} is rendered with its title, s-maxage`,
    isPage(page) && (page.body.includes(title) || page.body.includes(escaped)),
    `${page.status}, ${page.headers.get('cache-control')}, ${page.body.length} bytes, title "${title}"`,
  );
}

/** The `<link rel="modulepreload">` files an HTML page names beyond those its template names. */
const hintedFiles = (html: string, template: string) => {
  const files = (text: string) =>
    [...text.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? '');
  const own = new Set(files(template));
  return files(html).filter((file) => !own.has(file));
};

/**
 * Member pages' modulepreload hints (functions/src/site/member-hints.ts) as production serves them:
 * the deploy build wrote member-hints.json into the site function's bundle, a member URL (with a
 * query or a trailing slash too) carries hints, each a same-origin file Hosting serves from the same
 * build's /assets (the CSP's script-src 'self' admits them), and a public page carries none.
 */
async function checkMemberHints(siteUrl: string, template: string, webDist: string) {
  const hosted = new Set(readdirSync(join(webDist, 'assets')).map((file) => `/assets/${file}`));
  for (const path of ['/community/tijdlijn', '/community/tijdlijn?gesprek=1x2', '/community/bericht/1/']) {
    const page = await get(`${siteUrl}${path}`);
    const hinted = hintedFiles(page.body, template);
    const missing = hinted.filter((file) => !hosted.has(file));
    check(
      `site: ${path} carries modulepreload hints for files Hosting serves from this build's /assets`,
      page.status === 200 && hinted.length >= 5 && missing.length === 0,
      `${page.status}, ${hinted.length} hints, not in web/dist/assets: ${missing.slice(0, 5).join(', ')}`,
    );
  }
  const home = await get(`${siteUrl}/`);
  const publicHints = hintedFiles(home.body, template);
  check('site: a public page (/) carries no member hints', publicHints.length === 0, publicHints.join(', '));
}

async function rehearseWeb(install: string, env: Record<string, string>) {
  const web = await startFunction(install, 'web', env);
  if (!check('web starts on Node 22 with production settings', web.ready, web.output().slice(-1500))) return;
  checkNoMailRenderer('web', web.output());
  const call = (name: string, body: unknown) =>
    get(`${web.url}/web/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const topics = await call('community/listTopics', {});
  check(
    'web: a public call reads PostgreSQL (listTopics: 200)',
    topics.status === 200,
    `${topics.status} ${topics.body.slice(0, 300)}`,
  );
  const price = await call('subscription/getSubscriptionInitialPaymentPrice', {});
  check(
    'web: the membership price comes from the settings (200)',
    price.status === 200 && price.body.includes('9.95'),
    `${price.status} ${price.body.slice(0, 300)}`,
  );
  const forged = await call('community/unsubscribeMail', { token: 'forged.token' });
  check(
    'web: a forged unsubscribe link is refused with VALIDATION (MAIL_TOKEN_SECRET bound), not a 500',
    forged.status === 400 && forged.body.includes('VALIDATION'),
    `${forged.status} ${forged.body.slice(0, 300)}`,
  );
  const content = await get(`${web.url}/web/content/articles`);
  check(
    'web: the content proxy reads the CMS with its token (200)',
    content.status === 200,
    `${content.status} ${content.body.slice(0, 300)}`,
  );
}

/**
 * The scheduled jobs, started the same way and triggered as Cloud Scheduler does (a POST): each runs
 * on PostgreSQL with its own pool and only its bound secrets. The rehearsal's database is fresh, so the
 * jobs find nothing to do; what they prove is that they start and run in production mode. The digest
 * (Cloud Tasks) is left out: enqueueing needs Google's API.
 */
async function rehearseJobs(install: string, envFor: (fn: FunctionName) => Record<string, string>) {
  const jobs: FunctionName[] = [
    'liftSuspensionsJob',
    'sweepUploadsJob',
    'expireMembershipsJob',
    'retentionJob',
    'mailNotificationsJob',
  ];
  await Promise.all(
    jobs.map(async (fn) => {
      const job = await startFunction(install, fn, envFor(fn));
      if (!job.ready) {
        check(`${fn} runs as Cloud Scheduler runs it (200)`, false, job.output().slice(-800));
        return;
      }
      const answer = await get(`${job.url}/`, {
        method: 'POST',
        headers: {
          'x-cloudscheduler-jobname': fn,
          'x-cloudscheduler-scheduletime': new Date().toISOString(),
        },
      });
      check(
        `${fn} runs as Cloud Scheduler runs it (200)`,
        answer.status === 200,
        `${answer.status}: ${job.output().slice(-800)}`,
      );
      job.child.kill('SIGTERM');
    }),
  );
}

/** A function refuses to start without a required setting, naming it. */
async function rehearseRefusal(install: string, env: Record<string, string>) {
  const { PUBLIC_BASE_URL: _left, ...withoutBase } = env;
  const site = await startFunction(install, 'site', withoutBase);
  if (site.ready) {
    site.child.kill('SIGTERM');
    const home = await get(`${site.url}/`).catch(() => undefined);
    check(
      'a function refuses to start without a required setting (PUBLIC_BASE_URL left out)',
      false,
      `site started and answered ${home?.status}; canonical URLs would point at ${home?.body.match(/<link rel="canonical" href="([^"]+)"/)?.[1] ?? '?'}`,
    );
    return;
  }
  check(
    'a function refuses to start without a required setting (PUBLIC_BASE_URL left out)',
    site.output().includes('PUBLIC_BASE_URL'),
    site.output().slice(-800),
  );
}

// ── 5. what the browser gets ────────────────────────────────────────────────────────────────────
function checkWebBundle(source: string) {
  const dist = join(source, 'web/dist');
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(js|html|css|json|txt|xml|webmanifest)$/.test(entry)) {
        const text = readFileSync(path, 'utf8');
        // Kring's demo config and emulator hosts; the libraries' own `http://localhost` and
        // `demo-project` (Firebase Auth's test tokens) are code, not settings.
        const hit = text.match(/demo-kring|demo-api-key|127\.0\.0\.1(:\d+)?|localhost:\d{2,5}/);
        if (hit) found.push(`${path.slice(dist.length + 1)}: ${hit[0]}`);
      }
    }
  };
  if (existsSync(dist)) walk(dist);
  check(
    'the web bundle holds no demo- or loopback value',
    existsSync(dist) && found.length === 0,
    found.slice(0, 8).join('; '),
  );
}

function checkCsp(source: string) {
  const firebaseJson = JSON.parse(readFileSync(join(source, 'firebase.json'), 'utf8')) as {
    hosting?: { headers?: { headers: { key: string; value: string }[] }[] };
  };
  const csp = (firebaseJson.hosting?.headers ?? [])
    .flatMap((h) => h.headers)
    .filter((h) => h.key.toLowerCase() === 'content-security-policy')
    .map((h) => h.value);
  const local = csp.flatMap(
    (value) => value.match(/(?:https?|wss?):\/\/(?:127\.0\.0\.1|localhost|\[::1\])[^\s;]*/g) ?? [],
  );
  check(
    'the production firebase.json CSP has no loopback origin',
    csp.length > 0 && local.length === 0,
    csp.length === 0 ? 'no Content-Security-Policy header' : `found ${[...new Set(local)].join(' ')}`,
  );
}

// ── the run ────────────────────────────────────────────────────────────────────────────────────
const work = mkdtempSync(join(tmpdir(), 'kring-rehearsal-'));
const cleanups: (() => Promise<void>)[] = [];
// Interrupted (Ctrl-C, a CI job's timeout or cancel): stop what was started and remove the folder, as
// the end does, instead of leaving Strapi, an npm install and a few hundred MB in the temp folder.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
    for (const child of running) child.kill('SIGTERM');
    await Promise.race([
      Promise.all(running.map((child) => new Promise((exited) => child.once('exit', exited)))),
      new Promise((later) => setTimeout(later, 10_000)),
    ]);
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    rmSync(work, { recursive: true, force: true });
    console.log(`\nrehearsal: stopped by ${signal}`);
    process.exit(130);
  });
}
try {
  phase('build as a deploy would, start PostgreSQL and the CMS');
  mkdirSync(join(work, 'cms-data'));
  const [built, database, cms, mollie] = await Promise.all([
    buildAndInstall(work),
    startDatabase(),
    // Strapi's data in the rehearsal's folder, so an interrupted run removes it with the rest.
    startStrapi({
      readyTimeoutMs: 180_000,
      env: { CMS_DATA_DIR: join(work, 'cms-data') },
      onSpawn: (child) => children.push(child),
    }),
    startMollieSandbox({ port: 0, dataDir: join(work, 'mollie') }),
  ]);
  cleanups.push(database.close, cms.stop, () => mollie.close());
  console.log(`    the CMS was ready in ${(cms.startMs / 1000).toFixed(1)} s`);
  if (built) {
    checkWebBundle(built.source);
    checkCsp(built.source);
    phase('the manifest, as firebase deploy reads it');
    const manifest = await readManifest(built.source, built.install);
    if (manifest) {
      checkManifest(manifest);
      phase('the installed bundle on Node 22 with production settings');
      // The rehearsal's secrets; in production they come from Secret Manager, bound per function.
      const secrets: Record<string, string> = Object.fromEntries(
        secretNames.map((name) => [
          name,
          `rehearsal-${name.toLowerCase()}-${randomBytes(12).toString('hex')}`,
        ]),
      );
      secrets.CMS_API_TOKEN = cms.token;
      secrets.MOLLIE_API_KEY = `test_${randomBytes(15).toString('hex')}`;
      // Offline stand-ins for what the rehearsal cannot reach: Cloud SQL, the CMS's host and Mollie.
      const overrides = {
        DATABASE_URL: database.url,
        CMS_URL: cms.url,
        MOLLIE_API_ENDPOINT: mollie.apiUrl,
        MOLLIE_CA_CERT: mollie.caCertPath,
      };
      const template = readFileSync(join(built.install, 'ssr/template.html'), 'utf8');
      await rehearseSite(
        built.install,
        template,
        envOf(manifest, 'site', overrides, secrets),
        cms,
        join(built.source, 'web/dist'),
      );
      await rehearseWeb(built.install, envOf(manifest, 'web', overrides, secrets));
      await rehearseJobs(built.install, (fn) => envOf(manifest, fn, overrides, secrets));
      await rehearseRefusal(built.install, envOf(manifest, 'site', overrides, secrets));
    }
  }
} catch (error) {
  check(
    'the rehearsal ran to the end',
    false,
    error instanceof Error ? (error.stack ?? error.message) : String(error),
  );
} finally {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  if (keep) console.log(`    kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

const failed = results.filter((r) => !r.ok);
console.log(
  `\nrehearsal: ${results.length - failed.length} passed, ${failed.length} failed in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
if (reportFile) {
  mkdirSync(dirname(reportFile), { recursive: true });
  writeFileSync(
    reportFile,
    JSON.stringify({
      passed: results.length - failed.length,
      failed: failed.length,
      failures: failed.map(
        (f) => `${f.name}${f.detail ? `: ${f.detail.split('\n')[0]?.slice(0, 200)}` : ''}`,
      ),
    }),
  );
}
process.exit(failed.length === 0 ? 0 : 1);
