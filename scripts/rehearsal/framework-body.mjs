// The functions framework's body handling, as Cloud Run runs a function: the raw body kept as
// `req.rawBody`, JSON and forms parsed into `req.body` (anything else: the Buffer as is; no body: {}).
// Used by the rehearsal's function-server.mjs (copied beside it into the install) and by the load
// benchmark's server (scripts/bench/load-server.ts). `express` is passed in, so this file imports
// nothing and resolves wherever it is copied.

/** @param {typeof import('express')} express */
export function frameworkBody(express) {
  return [
    express.raw({ type: () => true, limit: '32mb' }),
    (req, _res, next) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      req.rawBody = raw;
      const type = String(req.headers['content-type'] ?? '');
      if (raw.length === 0) req.body = {};
      else if (type.includes('application/json')) req.body = JSON.parse(raw.toString('utf8'));
      else if (type.includes('application/x-www-form-urlencoded'))
        req.body = Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
      next();
    },
  ];
}
