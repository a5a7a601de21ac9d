import { parseArgs } from 'node:util';
import { startRtdbServer } from './server.ts';

// npx tsx tools/rtdb/main.ts --port 9000 --rules database.rules.json --data .data/rtdb
const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '9000' },
    rules: { type: 'string' },
    data: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`rtdb: invalid --port ${values.port}`);
  process.exit(2);
}

const server = await startRtdbServer({
  host: values.host,
  port,
  rulesPath: values.rules,
  dataDir: values.data,
  log: values.quiet ? () => {} : (line) => console.log(line),
});
console.log(
  `rtdb: ready on ${server.url} (rules: ${values.rules ?? 'open'}, data: ${values.data ?? 'memory only'})`,
);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  server.close().then(
    () => {
      console.log(`rtdb: stopped (${signal}), data saved`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error('rtdb: error while stopping', error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
