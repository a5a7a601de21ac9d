import { join } from 'node:path';
import { LOCAL_SCHEDULE, startMailSchedule } from './lib/mail-schedule.ts';
import { demoPassword, demoUsers, seed } from './lib/seed.ts';
import { ports, root, stackConnection, startStack } from './lib/stack.ts';

/**
 * `npm run dev`: the whole local stack with seed data. KRING_DATA_DIR moves the data (default .data/);
 * KRING_OFFICIAL_EMULATORS=true uses firebase-tools' database and storage emulators instead of tools/.
 */
const dataDir = process.env.KRING_DATA_DIR ?? join(root, '.data');
const started = Date.now();
const log = (line: string) => console.log(`▸ ${line}`);

log(`starting Kring's local stack (data in ${dataDir})…`);
const stack = await startStack({
  dataDir,
  vite: process.env.KRING_NO_VITE !== 'true',
  watch: process.env.CI !== 'true',
  officialEmulators: process.env.KRING_OFFICIAL_EMULATORS === 'true',
  log,
}).catch((error: unknown) => {
  console.error(`\n✗ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

let stopping = false;
let stopMailSchedule = () => {};
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  stopMailSchedule();
  console.log('\n▸ stopping (saving Auth emulator users)…');
  await stack.stop();
  console.log('▸ stopped; nothing is left listening.');
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

Object.assign(process.env, stackConnection(stack.env));
try {
  await seed(dataDir, log);
} catch (error) {
  console.error(`✗ seeding failed: ${error instanceof Error ? error.message : String(error)}`);
}

stopMailSchedule = startMailSchedule(log);

const rows: [string, string][] = [
  ['Website (Hosting emulator)', `http://127.0.0.1:${ports.hosting}`],
  ['Website with hot reload (Vite)', `http://127.0.0.1:${ports.vite}`],
  ['API (through Hosting)', `http://127.0.0.1:${ports.hosting}/web/community/…`],
  ['Functions emulator', `http://127.0.0.1:${ports.functions}`],
  ['Auth emulator', `http://127.0.0.1:${ports.auth}`],
  ['Realtime Database', `http://127.0.0.1:${ports.rtdb}`],
  ['Cloud Storage', `http://127.0.0.1:${ports.storage}`],
  ['PostgreSQL', stack.env.DATABASE_URL ?? ''],
  ['Mollie sandbox API', stack.mollie.apiUrl],
  ['Mollie checkout + controls', `${stack.mollie.checkoutBaseUrl}  ${stack.mollie.controlUrl}`],
  ['Mail inbox (maildev)', `http://127.0.0.1:${ports.mailWeb}  (SMTP ${ports.smtp})`],
  ['Task queues (Tasks emulator)', `http://127.0.0.1:${ports.tasks}`],
  ['CMS (Strapi)', `http://127.0.0.1:${ports.cms}`],
];
if (process.env.KRING_NO_VITE === 'true') rows.splice(1, 1);
const width = Math.max(...rows.map(([k]) => k.length));
console.log(
  `\nKring runs (ready in ${Math.round((Date.now() - started) / 1000)} s). Ctrl-C stops everything.\n`,
);
for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
console.log(`\nDemo logins (password for all: ${demoPassword}):`);
for (const u of demoUsers) console.log(`  ${u.email.padEnd(24)} ${u.label}${u.name ? ` — ${u.name}` : ''}`);
console.log(`\nMail schedule: ${LOCAL_SCHEDULE}.`);
console.log('Run one now: npx tsx scripts/send-mail.ts notifications|digest');
console.log('');
