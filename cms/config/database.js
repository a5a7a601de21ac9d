'use strict';

const path = require('node:path');
const { assertProductionEnv } = require('../src/lib/production-env');

/**
 * DATABASE_CLIENT picks the database:
 * - `sqlite` (local default): a file under the repo's .data/cms/ (outside cms/ so it never lands in
 *   git and survives reinstalls).
 * - `postgres` (production: Cloud SQL): DATABASE_URL, or DATABASE_HOST/PORT/NAME/USERNAME/PASSWORD.
 *   On Cloud Run, DATABASE_HOST=/cloudsql/<project>:<region>:<instance> is the Cloud SQL unix socket
 *   folder that `--add-cloudsql-instances` mounts (no SSL needed there: the socket is the connector).
 *   DATABASE_SSL=true for a TCP connection to a server that needs TLS (DATABASE_SSL_CA to pin a CA).
 */
module.exports = ({ env }) => {
  assertProductionEnv(); // production: postgres, and every secret set
  const client = env('DATABASE_CLIENT', 'sqlite');

  if (client === 'postgres') {
    const ssl = env.bool('DATABASE_SSL', false)
      ? {
          rejectUnauthorized: env.bool('DATABASE_SSL_REJECT_UNAUTHORIZED', true),
          ...(env('DATABASE_SSL_CA') ? { ca: env('DATABASE_SSL_CA') } : {}),
        }
      : false;
    const url = env('DATABASE_URL');
    return {
      connection: {
        client: 'postgres',
        connection: {
          ...(url
            ? { connectionString: url }
            : {
                host: env('DATABASE_HOST', '127.0.0.1'),
                port: env.int('DATABASE_PORT', 5432),
                database: env('DATABASE_NAME', 'strapi'),
                user: env('DATABASE_USERNAME', 'strapi'),
                password: env('DATABASE_PASSWORD', ''),
              }),
          ssl,
          schema: env('DATABASE_SCHEMA', 'public'),
        },
        // Cloud SQL counts connections per instance: a small pool per container (Cloud Run max
        // instances × DATABASE_POOL_MAX stays within the tier, see README).
        pool: { min: env.int('DATABASE_POOL_MIN', 0), max: env.int('DATABASE_POOL_MAX', 5) },
        acquireConnectionTimeout: env.int('DATABASE_CONNECTION_TIMEOUT', 60_000),
      },
    };
  }

  if (client !== 'sqlite') {
    throw new Error(`DATABASE_CLIENT must be sqlite or postgres, not "${client}"`);
  }
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
