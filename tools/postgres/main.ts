import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startPostgresServer } from './server.ts';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '5433' }, data: { type: 'string', default: '.data/postgres' } },
});
const started = Date.now();
const server = await startPostgresServer({
  dataDir: resolve(values.data),
  port: Number(values.port),
  log: (line) => console.error(line),
});
console.log(`postgres ready on ${server.url} (${Date.now() - started} ms)`);

const stop = async () => {
  await server.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
