'use strict';

const path = require('node:path');

// SQLite file under the repo's .data/cms/ (outside cms/ so it never lands in git and survives reinstalls).
module.exports = ({ env }) => {
  const dataDir = path.resolve(__dirname, '..', env('CMS_DATA_DIR', '../.data/cms'));
  return {
    connection: {
      client: 'sqlite',
      connection: {
        filename: env('CMS_DATABASE_FILE', path.join(dataDir, 'data.db')),
      },
      useNullAsDefault: true,
    },
  };
};
