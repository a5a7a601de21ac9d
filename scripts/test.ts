import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib/stack.ts';

/**
 * `npm test`: type-check, lint, every vitest project (contract, functions against a real Postgres and
 * the Auth emulator, the stand-ins with the real SDKs, the web), then the browser journeys against the
 * whole local stack. Every step runs even when an earlier one fails; the exit code tells the truth.
 * KRING_SKIP_E2E=true leaves out the browser journeys (for quick local runs only; CI never sets it).
 */
const reports = join(root, 'node_modules/.cache/kring-test');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (name: string) => join(root, 'node_modules/.bin', name);

interface Step {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** Reads passed/failed test counts from the runner's JSON report. */
  counts?: () => { passed: number; failed: number; skipped: number };
}

const vitestJson = join(reports, 'vitest.json');
const playwrightJson = join(reports, 'playwright.json');
const readJson = <T>(file: string): T | null =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null;
const vitestCounts = (file: string) => {
  const r = readJson<{
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  }>(file);
  return r
    ? { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests }
    : { passed: 0, failed: 1, skipped: 0 };
};

const steps: Step[] = [
  { name: 'type-check (node side)', command: bin('tsc'), args: ['-p', 'tsconfig.json'] },
  { name: 'type-check (web)', command: bin('tsc'), args: ['-p', 'web/tsconfig.json'] },
  { name: 'lint and format (biome)', command: bin('biome'), args: ['check', '.'] },
  {
    name: 'architecture (no import circles, layers import downwards, SQL only in repos)',
    command: bin('tsx'),
    args: ['scripts/check-architecture.ts'],
  },
  {
    name: 'unit and integration tests (vitest)',
    command: bin('vitest'),
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
    // The main run always uses the embedded PGlite server.
    env: { TEST_DATABASE_URL: '' },
    counts: () => vitestCounts(vitestJson),
  },
];
// CI (and anyone with a server) also proves the data layer on a real PostgreSQL server.
if (process.env.TEST_DATABASE_URL) {
  const pgJson = join(reports, 'vitest-postgres.json');
  steps.push({
    name: 'functions tests on a PostgreSQL server (TEST_DATABASE_URL)',
    command: bin('vitest'),
    args: [
      'run',
      '--project',
      'functions',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${pgJson}`,
    ],
    counts: () => vitestCounts(pgJson),
  });
}
if (process.env.KRING_SKIP_E2E !== 'true') {
  steps.push({
    name: 'browser journeys (Playwright, Chromium, whole stack)',
    command: bin('tsx'),
    args: ['scripts/e2e.ts'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
    counts: () => {
      const r = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(
        playwrightJson,
      );
      return r
        ? { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped }
        : { passed: 0, failed: 1, skipped: 0 };
    },
  });
}

const results: { name: string; ok: boolean; seconds: number }[] = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
for (const step of steps) {
  console.log(`\n━━ ${step.name}`);
  const started = Date.now();
  const code = await new Promise<number>((resolve) => {
    const child = spawn(step.command, step.args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...step.env },
    });
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
  });
  results.push({ name: step.name, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) });
  if (step.counts) {
    const c = step.counts();
    totals.passed += c.passed;
    totals.failed += c.failed;
    totals.skipped += c.skipped;
  } else if (code !== 0) {
    totals.failed += 1;
  }
}

console.log('\n━━ summary');
for (const r of results) console.log(`  ${r.ok ? '✓' : '✗'} ${r.name} (${r.seconds} s)`);
const ok = results.every((r) => r.ok);
console.log(
  `\nTests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(ok ? 0 : 1);
