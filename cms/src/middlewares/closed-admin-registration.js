'use strict';

const { isProduction } = require('../lib/production-env');

// A fresh Strapi answers GET /admin/init with hasAdmin:false and lets whoever first POSTs
// /admin/register-admin become super admin. In production the first admin is created by
// `node scripts/create-admin.mjs` (CMS_ADMIN_EMAIL / CMS_ADMIN_PASSWORD, see README), so the open
// registration is refused before Strapi's route sees it, whether or not an admin exists yet.
// Invitations (POST /admin/register with a registration token) are unaffected. Locally the admin
// panel's first-run form keeps working.
const MESSAGE =
  'Open admin registration is disabled in production: create the first admin with ' +
  '`node scripts/create-admin.mjs` (CMS_ADMIN_EMAIL, CMS_ADMIN_PASSWORD), see cms/README.md.';

// Strapi's router (@koa/router, path-to-regexp) matches case-insensitively and allows a trailing
// slash, so `/admin/Register-Admin/` reaches the same route: compare the decoded, lower-cased path.
const decoded = (path) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};
const isRegisterAdmin = (path) => /\/register-admin\/*$/.test(decoded(path).toLowerCase());

module.exports = () => async (ctx, next) => {
  if (isProduction() && ctx.method === 'POST' && isRegisterAdmin(ctx.path)) {
    ctx.status = 403;
    ctx.body = { data: null, error: { status: 403, name: 'ForbiddenError', message: MESSAGE, details: {} } };
    return;
  }
  await next();
};
