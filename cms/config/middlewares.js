'use strict';

module.exports = ({ env }) => [
  'strapi::logger',
  'strapi::errors',
  // Production: no first-admin registration over HTTP (src/middlewares/closed-admin-registration.js).
  'global::closed-admin-registration',
  {
    name: 'strapi::security',
    config: {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          // The admin panel shows media-library files from Cloud Storage in production (config/plugins.js).
          'img-src': ["'self'", 'data:', 'blob:', 'https://storage.googleapis.com', ...extraMediaOrigins(env)],
          'media-src': ["'self'", 'data:', 'blob:', 'https://storage.googleapis.com', ...extraMediaOrigins(env)],
          upgradeInsecureRequests: null,
        },
      },
    },
  },
  'strapi::cors',
  'strapi::poweredBy',
  'strapi::query',
  // Must run after strapi::query (which installs the qs parser) and before the router.
  'global::published-only',
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];

/** A custom media origin (GCS_BASE_URL, e.g. a CDN in front of the bucket), if any. */
function extraMediaOrigins(env) {
  const base = env('GCS_BASE_URL');
  if (!base) return [];
  return [new URL(base).origin];
}
