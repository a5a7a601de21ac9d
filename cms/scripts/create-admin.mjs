// Creates a Strapi super admin from the environment: the only way to get the first admin in
// production, where POST /admin/register-admin is refused (src/middlewares/closed-admin-registration.js).
//
//   CMS_ADMIN_EMAIL=beheer@example.org CMS_ADMIN_PASSWORD=... node scripts/create-admin.mjs
//
// Optional CMS_ADMIN_FIRSTNAME (default "Kring") and CMS_ADMIN_LASTNAME (default "Beheer"). The
// password comes from the environment (a Secret Manager secret on Cloud Run), never from the command
// line, where it would show in the process list and the shell history. Uses the same database
// settings as the server (DATABASE_*); runs Strapi's load and bootstrap, then exits. Running it again
// for an existing e-mail changes nothing and exits 0, so a Cloud Run job can be re-run safely.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const cmsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(cmsDir, 'package.json'));
const fail = (message, code = 1) => {
  console.error(`[cms] create-admin: ${message}`);
  process.exit(code);
};

const email = (process.env.CMS_ADMIN_EMAIL ?? '').trim().toLowerCase();
const password = process.env.CMS_ADMIN_PASSWORD ?? '';
const firstname = (process.env.CMS_ADMIN_FIRSTNAME ?? 'Kring').trim();
const lastname = (process.env.CMS_ADMIN_LASTNAME ?? 'Beheer').trim();

if (!email || !password) fail('set CMS_ADMIN_EMAIL and CMS_ADMIN_PASSWORD', 2);
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail(`CMS_ADMIN_EMAIL is not an e-mail address: ${email}`, 2);
// Strapi's own rules for admin passwords (8-72 bytes, lower case, upper case, digit), plus a longer minimum.
const weak = [
  [password.length < 12, 'at least 12 characters'],
  [Buffer.byteLength(password) > 72, 'at most 72 bytes'],
  [!/[a-z]/.test(password), 'a lower-case letter'],
  [!/[A-Z]/.test(password), 'an upper-case letter'],
  [!/\d/.test(password), 'a digit'],
].filter(([bad]) => bad);
if (weak.length > 0) fail(`CMS_ADMIN_PASSWORD needs ${weak.map(([, what]) => what).join(', ')}`, 2);

process.chdir(cmsDir);
process.env.STRAPI_TELEMETRY_DISABLED = 'true';

// Locally (SQLite) better-sqlite3 is built for the Node recorded by scripts/install.mjs, which may
// not be this one (npm scripts put Node 22 first): run again on that Node. Not in the image (Postgres).
if ((process.env.DATABASE_CLIENT ?? 'sqlite') === 'sqlite' && !process.env.KRING_CREATE_ADMIN_CHILD) {
  try {
    new (require('better-sqlite3'))(':memory:').close();
  } catch {
    const { node } = JSON.parse(readFileSync(path.join(cmsDir, 'node_modules/.kring-install.json'), 'utf8'));
    const res = spawnSync(node, [fileURLToPath(import.meta.url)], {
      stdio: 'inherit',
      env: { ...process.env, KRING_CREATE_ADMIN_CHILD: '1' },
    });
    process.exit(res.status ?? 1);
  }
}
const { compileStrapi, createStrapi } = require('@strapi/strapi');

let app;
try {
  app = await createStrapi(await compileStrapi()).load();
  const users = app.admin.services.user;
  if (await users.exists({ email })) {
    console.log(`[cms] create-admin: an admin with e-mail ${email} already exists; nothing changed`);
  } else {
    const superAdmin = await app.admin.services.role.getSuperAdmin();
    if (!superAdmin) throw new Error('the Super Admin role does not exist');
    await users.create({
      email,
      firstname,
      lastname,
      password,
      registrationToken: null,
      isActive: true,
      roles: [superAdmin.id],
    });
    console.log(`[cms] create-admin: super admin ${email} created; sign in at /admin`);
  }
  await app.destroy();
  process.exit(0);
} catch (error) {
  await app?.destroy().catch(() => {});
  fail(error instanceof Error ? error.message : String(error));
}
