/**
 * Runs a browser benchmark against `E2E_BASE_URL` when given (e.g. `npm run dev`), else against a
 * throw-away local stack with the demo data (scripts/bench/member-pages.ts, member-trace.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seed, signIn } from './seed.ts';
import { stackConnection, startStack } from './stack.ts';

export { signIn };

export async function onSeededStack(measure: (base: string) => Promise<void>): Promise<void> {
  const given = process.env.E2E_BASE_URL;
  if (given) return measure(given.replace(/\/+$/, ''));
  const dataDir = mkdtempSync(join(tmpdir(), 'kring-bench-'));
  const log = (line: string) => console.log(`▸ ${line}`);
  const stack = await startStack({ dataDir, vite: false, watch: false, officialEmulators: false, log });
  try {
    Object.assign(process.env, stackConnection(stack.env));
    await seed(dataDir, log);
    await measure('http://127.0.0.1:5000');
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
