'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { assertProductionEnv, isProduction } = require('../src/lib/production-env');

// Locally loopback only: the CMS is read by the functions proxy, never by browsers directly.
// On Cloud Run the container sets CMS_HOST=0.0.0.0 and listens on $PORT (see Dockerfile).
module.exports = ({ env }) => {
  assertProductionEnv();
  // Media uploads (if an editor uses the media library locally) go to the data dir, not the repo;
  // in production they go to Cloud Storage (config/plugins.js). The local upload provider refuses
  // to start without the folder, so create it here.
  const publicDir = path.resolve(__dirname, '..', env('CMS_DATA_DIR', '../.data/cms'), 'public');
  fs.mkdirSync(path.join(publicDir, 'uploads'), { recursive: true });

  return {
    host: env('CMS_HOST', '127.0.0.1'),
    port: env.int('CMS_PORT', env.int('PORT', 1337)),
    // The public https URL (Cloud Run service URL or a custom domain): admin links and redirects.
    url: env('CMS_PUBLIC_URL', ''),
    // Cloud Run terminates TLS in front of the container: trust X-Forwarded-Proto so the admin's
    // secure session cookie is set. maxIpsCount 1: the client IP is the last X-Forwarded-For entry
    // (the one Cloud Run's front end appends), not a first entry the client could write itself;
    // the admin login's rate limit counts per IP.
    proxy: { koa: isProduction(), maxIpsCount: 1 },
    dirs: { public: publicDir },
    app: {
      keys: isProduction()
        ? env.array('APP_KEYS')
        : env.array('APP_KEYS', ['kring-local-app-key-1', 'kring-local-app-key-2']),
    },
    logger: {
      // No daily "is there a new Strapi?" request to the registry: no outbound connections.
      updates: { enabled: false },
      startup: { enabled: env.bool('CMS_STARTUP_BANNER', false) },
    },
    transfer: { remote: { enabled: false } },
    cron: { enabled: false },
  };
};
