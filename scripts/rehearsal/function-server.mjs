// Serves one function of the installed bundle as Cloud Run's functions framework does: FUNCTION_TARGET
// names the export, PORT the port; the body is parsed (JSON, form) with `rawBody` kept. Copied next to
// the bundle by scripts/rehearsal/rehearse.ts, so `express` and `./index.js` resolve from the install.
import { createRequire } from 'node:module';
import express from 'express';

const target = process.env.FUNCTION_TARGET ?? '';
const started = performance.now();
const bundle = await import('./index.js');
const importMs = performance.now() - started;
// The bundle loads mjml with require() (mail/mail-layout.ts): whether the import alone did.
const mjmlAtStart = Object.keys(createRequire(import.meta.url).cache).some((path) =>
  path.includes('/node_modules/mjml'),
);
const fn = bundle[target];
if (typeof fn !== 'function') {
  console.error(`no function ${target} in the bundle`);
  process.exit(2);
}
const app = express();
app.disable('x-powered-by');
app.use(express.raw({ type: () => true, limit: '32mb' }), (req, _res, next) => {
  const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  req.rawBody = raw;
  const type = String(req.headers['content-type'] ?? '');
  if (raw.length === 0) req.body = {};
  else if (type.includes('application/json')) req.body = JSON.parse(raw.toString('utf8'));
  else if (type.includes('application/x-www-form-urlencoded'))
    req.body = Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
  next();
});
app.use((req, res) => fn(req, res));
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => {
  console.log(
    `[function] ${target} listening on ${process.env.PORT} (bundle imported in ${importMs.toFixed(0)} ms, mjml loaded: ${mjmlAtStart ? 'yes' : 'no'})`,
  );
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
