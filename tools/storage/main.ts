// CLI: npx tsx tools/storage/main.ts --port 9199 --data .data/storage [--host 127.0.0.1] [--project demo-kring]
import { parseArgs } from 'node:util';
import { startStorageServer } from './server.ts';

const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '9199' },
    data: { type: 'string', default: '.data/storage' },
    project: { type: 'string', default: 'demo-kring' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`storage: --port must be a port number, got ${values.port}`);
  process.exit(2);
}

// firebase-tools reports usage to Google Analytics only from its own CLI (marked by this variable);
// this process must never call out, even when started from a shell that has it.
delete process.env.IS_FIREBASE_CLI;

// Express 4 in the emulator does not catch rejected async handlers; one bad request must not take
// the whole dev stack's storage down.
process.on('unhandledRejection', (reason) => {
  console.error(
    `storage: ERROR unhandled: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`,
  );
});

const startedAt = performance.now();
const starting = startStorageServer({
  host: values.host,
  port,
  projectId: values.project,
  dataDir: values.data,
  log: (line) => console.log(line),
});

// Registered before start completes, so a signal during start still ends in a clean stop.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    starting
      .then((server) => server.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          console.error(`storage: ERROR while stopping: ${String(err)}`);
          process.exit(1);
        },
      );
  });
}

const server = await starting;
if (!stopping) {
  console.log(
    `storage: ready on ${server.url} bucket ${server.bucket} data ${values.data} ` +
      `(${Math.round(performance.now() - startedAt)} ms, STORAGE_EMULATOR_HOST=${server.url})`,
  );
}
