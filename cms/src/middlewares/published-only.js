'use strict';

// A read-only API token may still ask for drafts with ?status=draft (Strapi 5 honours it for
// any token that can `find`). Unpublished content must never leave the CMS through /api, so the
// draft switches are removed from reads before the router sees the query. Writes keep them, so a
// full-access editor token can still create a draft with POST ?status=draft. Editors see drafts
// in the admin panel.
const DRAFT_SWITCHES = ['status', 'publicationState'];

module.exports = () => async (ctx, next) => {
  const isRead = ctx.method === 'GET' || ctx.method === 'HEAD';
  if (isRead && (ctx.path === '/api' || ctx.path.startsWith('/api/'))) {
    const query = ctx.query;
    if (DRAFT_SWITCHES.some((key) => Object.hasOwn(query, key))) {
      const rest = { ...query };
      for (const key of DRAFT_SWITCHES) delete rest[key];
      ctx.query = rest;
    }
  }
  await next();
};
