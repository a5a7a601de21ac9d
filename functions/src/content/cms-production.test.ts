// The CMS as it runs in production (cms/README.md "Production"): the container of cms/Dockerfile,
// laid out and built without Docker (cms-image.ts: its COPY lines, `strapi build` with
// NODE_ENV=production, its CMD and ENV), on PostgreSQL (TEST_DATABASE_URL, Debian's PostgreSQL 15
// in CI; else the test run's PGlite server) in a schema of its own. Proves: the production secrets
// are required, the bootstrap seeds PostgreSQL and the content API reads it, the admin panel is
// built and served, media-library uploads go to the Cloud Storage bucket, open admin registration
// is refused, and the first admin comes from `scripts/create-admin.mjs` and can sign in.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CmsImage, prepareCmsImage, type RunningCms, startCmsImage } from './cms-image.ts';

const databaseUrl = inject('databaseUrl');
const schema = `strapi_prod_${randomBytes(4).toString('hex')}`;
const secret = () => randomBytes(24).toString('base64');
const mediaBucket = 'demo-kring.appspot.com';
const editorToken = `kring-editor-${randomBytes(24).toString('hex')}`;

/**
 * The bucket as the CMS's service account sees it in production: cms/README.md grants it
 * roles/storage.objectAdmin on the bucket, which holds storage.objects.* but not
 * storage.buckets.get, so GCS answers `buckets.get` (GET [/storage/v1]/b/<bucket>) with 403. Every
 * other request goes through to the storage stand-in.
 */
const bucketIam: { url: string; server?: Server } = { url: '' };
async function startBucketIam(target: string) {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    if (req.method === 'GET' && /^(?:\/storage\/v1)?\/b\/[^/?]+\/?(\?.*)?$/.test(req.url ?? '')) {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 403, message: 'does not have storage.buckets.get access' } }));
      return;
    }
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  bucketIam.server = server;
  bucketIam.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Everything production needs, as an operator would set it on Cloud Run. */
const productionEnv = (): Record<string, string> => ({
  NODE_ENV: 'production',
  DATABASE_CLIENT: 'postgres',
  DATABASE_URL: databaseUrl,
  DATABASE_SCHEMA: schema,
  // The media bucket: the test run's Cloud Storage stand-in (tools/storage) serves the GCS JSON API
  // that @google-cloud/storage (under the upload provider) talks to.
  GCS_BUCKET_NAME: mediaBucket,
  STORAGE_EMULATOR_HOST: bucketIam.url,
  CMS_EDITOR_TOKEN: editorToken,
  APP_KEYS: `${secret()},${secret()}`,
  API_TOKEN_SALT: secret(),
  ADMIN_JWT_SECRET: secret(),
  TRANSFER_TOKEN_SALT: secret(),
  ENCRYPTION_KEY: secret(),
  CMS_API_TOKEN: `kring-test-${randomBytes(24).toString('hex')}`,
  // The site's search webhook (docs/search.md); nothing listens here, so deliveries just fail.
  KRING_SEARCH_WEBHOOK_URL: 'http://127.0.0.1:9/web/cms/webhook',
  CMS_WEBHOOK_SECRET: secret(),
  // A rehearsal fills the empty CMS with the starter content; a live site does not (cms/README.md).
  CMS_SEED_CONTENT: 'true',
});

/** `node scripts/create-admin.mjs` in the image with the service's settings, as a Cloud Run job runs it. */
function runCreateAdmin(extra: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/create-admin.mjs'], {
      cwd: image.dir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...image.env, ...env, ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function withClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

let strapi: RunningCms & { token: string };
let env: Record<string, string>;
let image: CmsImage;

beforeAll(async () => {
  await withClient((c) => c.query(`CREATE SCHEMA ${schema}`));
  await startBucketIam(inject('storageUrl'));
  env = productionEnv();
  image = prepareCmsImage((line) => console.info(line));
  const running = await startCmsImage(image, env);
  strapi = { ...running, token: env.CMS_API_TOKEN! };
  console.info(
    `[cms production] image ${image.buildMs ? `built in ${image.buildMs} ms` : 'cached'}; ` +
      `Strapi ready on PostgreSQL in ${strapi.startMs} ms (empty schema, seeded)`,
  );
}, 240_000);

afterAll(async () => {
  await strapi?.stop();
  bucketIam.server?.close();
  await withClient((c) => c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
}, 30_000);

describe('the CMS in production mode', () => {
  it('refuses to start without its secrets, naming each missing or demo value', async () => {
    const started = startCmsImage(image, {
      ...productionEnv(),
      DATABASE_SCHEMA: `${schema}_never`,
      APP_KEYS: '',
      ENCRYPTION_KEY: '',
      // A value copied from cms/.env.example is refused like a missing one.
      ADMIN_JWT_SECRET: 'kring-local-admin-jwt-secret',
      // Without them the CMS would drop its search webhook and the site's search would go stale unnoticed.
      KRING_SEARCH_WEBHOOK_URL: '',
      CMS_WEBHOOK_SECRET: '',
    });
    const message = await started.then(
      async (running) => {
        await running.stop();
        return 'started';
      },
      (e: Error) => e.message,
    );
    expect(message).toContain('exited (1) before ready');
    expect(message).toContain('APP_KEYS is not set');
    expect(message).toContain('ENCRYPTION_KEY is not set');
    expect(message).toContain('ADMIN_JWT_SECRET holds the local demo value');
    expect(message).toContain('CMS_WEBHOOK_SECRET is not set');
    expect(message).toContain('KRING_SEARCH_WEBHOOK_URL is not set');
    expect(message).not.toContain('API_TOKEN_SALT');
  }, 70_000);

  it('runs on PostgreSQL: the bootstrap seeded it and the content API reads published entries', async () => {
    const res = await fetch(`${strapi.url}/api/articles?pagination[pageSize]=50`, {
      headers: { Authorization: `Bearer ${strapi.token}` },
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { slug: string; title: string }[] };
    expect(data.map((a) => a.title)).toContain('Zo bepaal je een eerlijk uurtarief');
    expect(data.map((a) => a.slug)).not.toContain('concept-artikel-niet-publiek');
    // The rows are in PostgreSQL, in the schema given by DATABASE_SCHEMA.
    const rows = await withClient((c) =>
      c.query(`SELECT count(*)::int AS n FROM ${schema}.articles WHERE published_at IS NOT NULL`),
    );
    expect(rows.rows[0].n).toBe(data.length);
  });

  it('serves the admin panel built into the image', async () => {
    const res = await fetch(`${strapi.url}/admin`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>Strapi Admin</title>');
    // The media library shows files from Cloud Storage (config/plugins.js, config/middlewares.js).
    expect(res.headers.get('content-security-policy')).toContain('img-src');
    expect(res.headers.get('content-security-policy')).toContain('https://storage.googleapis.com');
  });

  it('stores media-library uploads in the Cloud Storage bucket, with public storage.googleapis.com URLs', async () => {
    // With the README's IAM only (no storage.buckets.get: bucketIam above).
    const form = new FormData();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>';
    form.append('files', new Blob([svg], { type: 'image/svg+xml' }), 'omslag-test.svg');
    const res = await fetch(`${strapi.url}/api/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${editorToken}` },
      body: form,
    });
    if (res.status !== 201) console.log(strapi.output().slice(-3000));
    expect(res.status).toBe(201);
    const [file] = (await res.json()) as { url: string; provider: string }[];
    const prefix = `https://storage.googleapis.com/${mediaBucket}/cms/`;
    expect(file!.url.startsWith(prefix)).toBe(true);
    expect(file!.provider).toBe('@strapi-community/strapi-provider-upload-google-cloud-storage');
    const name = file!.url.slice(`https://storage.googleapis.com/${mediaBucket}/`.length);
    const stored = await fetch(
      `${inject('storageUrl')}/storage/v1/b/${mediaBucket}/o/${encodeURIComponent(name)}?alt=media`,
    );
    expect(stored.status).toBe(200);
    expect(await stored.text()).toBe(svg);
  });

  it('refuses open admin registration; the first admin comes from create-admin and can sign in', async () => {
    const init = async () =>
      ((await (await fetch(`${strapi.url}/admin/init`)).json()) as { data: { hasAdmin: boolean } }).data
        .hasAdmin;
    expect(await init()).toBe(false);

    const claim = await fetch(`${strapi.url}/admin/register-admin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: 'aanvaller@example.org',
        password: 'Overname1234!',
        firstname: 'Eerste',
        lastname: 'Bezoeker',
      }),
    });
    expect(claim.status).toBe(403);
    expect(((await claim.json()) as { error: { message: string } }).error.message).toContain(
      'create-admin.mjs',
    );
    expect(await init()).toBe(false);
    // Strapi's router matches paths case-insensitively and ignores a trailing slash: every spelling
    // that reaches its register-admin route is refused too.
    for (const path of [
      '/admin/register-admin/',
      '/admin/Register-Admin',
      '/ADMIN/REGISTER-ADMIN/',
      '/admin/register%2Dadmin',
    ]) {
      const variant = await fetch(`${strapi.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: 'aanvaller@example.org',
          password: 'Overname1234!',
          firstname: 'Eerste',
          lastname: 'Bezoeker',
        }),
      });
      expect(variant.status, path).toBe(403);
      expect(await init(), path).toBe(false);
    }

    const weak = await runCreateAdmin({
      CMS_ADMIN_EMAIL: 'beheer@kring.example',
      CMS_ADMIN_PASSWORD: 'kort',
    });
    expect(weak.code).toBe(2);
    expect(weak.output).toContain('CMS_ADMIN_PASSWORD needs at least 12 characters');

    const password = `Kring-${randomBytes(9).toString('base64url')}-9a`;
    const created = await runCreateAdmin({
      CMS_ADMIN_EMAIL: 'Beheer@Kring.example',
      CMS_ADMIN_PASSWORD: password,
    });
    expect(created.output).toContain('super admin beheer@kring.example created');
    expect(created.code).toBe(0);
    expect(await init()).toBe(true);

    // Cloud Run terminates TLS and forwards the scheme: the admin's secure session cookie needs it.
    const login = (pw: string) =>
      fetch(`${strapi.url}/admin/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-Proto': 'https' },
        body: JSON.stringify({ email: 'beheer@kring.example', password: pw }),
      });
    const ok = await login(password);
    expect(ok.status).toBe(200);
    const { token } = ((await ok.json()) as { data: { token: string } }).data;
    const me = await fetch(`${strapi.url}/admin/users/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    const roles = ((await me.json()) as { data: { roles: { code: string }[] } }).data.roles;
    expect(roles.map((r) => r.code)).toContain('strapi-super-admin');
    expect((await login('Verkeerd-wachtwoord-1')).status).toBe(400);
  }, 90_000);
});
