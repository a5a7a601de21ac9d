'use strict';

// The admin panel is off by default (no `strapi build`, nothing served under /admin).
// Turn it on for local editing with CMS_SERVE_ADMIN=true after `npx strapi build` (see README).
module.exports = ({ env }) => ({
  serveAdminPanel: env.bool('CMS_SERVE_ADMIN', false),
  autoOpen: false,
  auth: {
    secret: env('ADMIN_JWT_SECRET', 'kring-local-admin-jwt-secret'),
  },
  apiToken: {
    // Changing the salt invalidates stored token hashes; bootstrap re-hashes CMS_API_TOKEN on every start.
    salt: env('API_TOKEN_SALT', 'kring-local-api-token-salt'),
  },
  transfer: {
    token: { salt: env('TRANSFER_TOKEN_SALT', 'kring-local-transfer-token-salt') },
  },
  secrets: {
    encryptionKey: env('ENCRYPTION_KEY', 'kring-local-encryption-key-0123456789'),
  },
  flags: {
    nps: false,
    promoteEE: false,
  },
});
