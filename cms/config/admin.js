'use strict';

const { secret } = require('../src/lib/production-env');

// The admin panel is off by default locally (no `strapi build`, nothing served under /admin).
// Turn it on for local editing with CMS_SERVE_ADMIN=true after `npm run strapi -- build` (see
// README); the production container builds it and sets CMS_SERVE_ADMIN=true.
// Secrets: local demo defaults outside production only (src/lib/production-env.js).
module.exports = ({ env }) => ({
  serveAdminPanel: env.bool('CMS_SERVE_ADMIN', false),
  autoOpen: false,
  auth: {
    secret: secret(env, 'ADMIN_JWT_SECRET', 'kring-local-admin-jwt-secret'),
  },
  apiToken: {
    // Changing the salt invalidates stored token hashes; bootstrap re-hashes CMS_API_TOKEN on every start.
    salt: secret(env, 'API_TOKEN_SALT', 'kring-local-api-token-salt'),
  },
  transfer: {
    token: { salt: secret(env, 'TRANSFER_TOKEN_SALT', 'kring-local-transfer-token-salt') },
  },
  secrets: {
    encryptionKey: secret(env, 'ENCRYPTION_KEY', 'kring-local-encryption-key-0123456789'),
  },
  flags: {
    nps: false,
    promoteEE: false,
  },
});
