import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startMollieSandbox } from './server.ts';

const usage = `Usage: npx tsx tools/mollie-sandbox/main.ts [--port 8444] [--checkout-port 8445] [--data .data/mollie]
  [--host 127.0.0.1] [--public-checkout-url http://127.0.0.1:8445/] [--webhook-retry-delays 1000,2000,5000] [--quiet]`;

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8444' },
    'checkout-port': { type: 'string', default: '8445' },
    data: { type: 'string', default: '.data/mollie' },
    host: { type: 'string', default: '127.0.0.1' },
    'public-checkout-url': { type: 'string' },
    'webhook-retry-delays': { type: 'string' },
    quiet: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(usage);
  process.exit(0);
}

function toPort(text: string, flag: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`${flag} must be a port number\n${usage}`);
    process.exit(2);
  }
  return port;
}

const delays = values['webhook-retry-delays']?.split(',').map((d) => Number(d.trim()));
if (delays?.some((d) => !Number.isFinite(d) || d < 0)) {
  console.error(`--webhook-retry-delays takes milliseconds separated by commas\n${usage}`);
  process.exit(2);
}

const sandbox = await startMollieSandbox({
  host: values.host,
  port: toPort(values.port, '--port'),
  checkoutHttpPort: toPort(values['checkout-port'], '--checkout-port'),
  dataDir: resolve(values.data),
  ...(delays ? { webhookRetryDelaysMs: delays } : {}),
  ...(values['public-checkout-url'] ? { publicCheckoutBaseUrl: values['public-checkout-url'] } : {}),
  log: values.quiet ? () => {} : (line) => console.log(`[mollie] ${line}`),
});

console.log(
  `mollie-sandbox ready api=${sandbox.apiUrl} checkout=${sandbox.checkoutBaseUrl}checkout/ control=${sandbox.controlUrl} ca=${sandbox.caCertPath}`,
);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  sandbox.close().then(
    () => {
      console.log(`mollie-sandbox stopped (${signal})`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
