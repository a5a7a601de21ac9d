'use strict';

module.exports = [
  'strapi::logger',
  'strapi::errors',
  'strapi::security',
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
