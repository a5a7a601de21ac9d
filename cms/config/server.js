'use strict';

const fs = require('node:fs');
const path = require('node:path');

// Loopback only: the CMS is read by the functions proxy, never by browsers directly.
module.exports = ({ env }) => {
  // Media uploads (if an editor uses the media library locally) go to the data dir, not the repo.
  // The upload provider refuses to start without the folder, so create it here.
  const publicDir = path.resolve(__dirname, '..', env('CMS_DATA_DIR', '../.data/cms'), 'public');
  fs.mkdirSync(path.join(publicDir, 'uploads'), { recursive: true });

  return {
    host: env('CMS_HOST', '127.0.0.1'),
    port: env.int('CMS_PORT', 1337),
    dirs: { public: publicDir },
    app: {
      keys: env.array('APP_KEYS', ['kring-local-app-key-1', 'kring-local-app-key-2']),
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
