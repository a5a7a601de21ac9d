'use strict';

// Preloaded into the Strapi process by start.mjs / strapi.mjs. If the wrapper dies without
// forwarding a signal (SIGKILL, a crashed test runner), Strapi would keep the port and the SQLite
// file; instead it notices it was re-parented and shuts down the normal way.
const parent = process.ppid;
const timer = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(timer);
  process.kill(process.pid, 'SIGTERM');
  setTimeout(() => process.exit(0), 10_000).unref();
}, 1000);
timer.unref();
