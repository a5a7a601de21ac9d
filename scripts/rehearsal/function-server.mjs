// Serves one function of the installed bundle as Cloud Run's functions framework does: FUNCTION_TARGET
// names the export, PORT the port; the body is parsed (JSON, form) with `rawBody` kept (framework-body.mjs).
// Copied next to the bundle with framework-body.mjs by scripts/rehearsal/rehearse.ts, so `./index.js`
// resolves from the install. In production the Functions Framework brings its own express; here it is the
// one firebase-functions installs (dist's lockfile keeps the workspace's layout, where it is nested).
import { createRequire } from 'node:module';
import { frameworkBody } from './framework-body.mjs';

const express = createRequire(new URL('./node_modules/firebase-functions/', import.meta.url))('express');

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
app.use(...frameworkBody(express));
app.use((req, res) => fn(req, res));
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => {
  console.log(
    `[function] ${target} listening on ${process.env.PORT} (bundle imported in ${importMs.toFixed(0)} ms, mjml loaded: ${mjmlAtStart ? 'yes' : 'no'})`,
  );
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
