import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seed } from './lib/seed.ts';
import { root, stackConnection, startStack } from './lib/stack.ts';

/**
 * Starts the whole local stack on a fresh, throw-away data folder (the developer's .data/ is never
 * touched), seeds it, runs the Playwright journeys in Debian's Chromium, and stops everything.
 * Arguments go to `playwright test` (`npx tsx scripts/e2e.ts e2e/public-site.spec.ts`).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'kring-e2e-'));
// A full-access Strapi token for this throw-away CMS, so a journey can edit content as an editor
// (e2e/cms-freshness.spec.ts); the stack passes the environment on to Strapi and Playwright.
process.env.CMS_EDITOR_TOKEN ??= `kring-e2e-editor-${Date.now().toString(36)}-0123456789abcdef`;
const log = (line: string) => console.log(`▸ ${line}`);
// e2e/mail.spec.ts: 'the next reply' must fall in a new notification-mail period without waiting 15 min.
process.env.MAIL_NOTIFICATION_PERIOD_SECONDS ??= '2';
process.env.CHAT_MAIL_DELAY_SECONDS ??= '2';
const stack = await startStack({ dataDir, vite: false, watch: false, officialEmulators: false, log });
let code = 1;
try {
  Object.assign(process.env, {
    ...stackConnection(stack.env),
    // e2e/demo-data.spec.ts runs the membership recalculation against the stack's Mollie sandbox.
    MOLLIE_API_ENDPOINT: stack.env.MOLLIE_API_ENDPOINT,
    MOLLIE_CA_CERT: stack.env.MOLLIE_CA_CERT,
  });
  await seed(dataDir, log);
  code = await new Promise<number>((resolve) => {
    // Extra arguments pick spec files (`npx tsx scripts/e2e.ts e2e/security.spec.ts`).
    const child = spawn(
      join(root, 'node_modules/.bin/playwright'),
      ['test', '--reporter=list,json', ...process.argv.slice(2)],
      {
        cwd: root,
        stdio: 'inherit',
        env: process.env,
      },
    );
    child.on('exit', (c) => resolve(c ?? 1));
  });
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
