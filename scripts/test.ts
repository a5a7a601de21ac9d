import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
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
  /** Reads passed/failed test counts, and the failed tests' names, from the runner's JSON report. */
  counts?: () => { passed: number; failed: number; skipped: number; failures?: string[] };
}

const vitestJson = join(reports, 'vitest.json');
const playwrightJson = join(reports, 'playwright.json');
const readJson = <T>(file: string): T | null =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null;
/** The first line of a failure message, without colour codes: enough to recognise it in a CI log's tail. */
const firstLine = (message: string | undefined) =>
  stripVTControlCharacters(message ?? '')
    .split('\n')
    .find((l) => l.trim())
    ?.trim()
    .slice(0, 200) ?? '';
const vitestCounts = (file: string) => {
  const r = readJson<{
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: {
      name: string;
      status: string;
      message?: string;
      assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
    }[];
  }>(file);
  if (!r) return { passed: 0, failed: 1, skipped: 0, failures: [`${file} was not written`] };
  const failures: string[] = [];
  for (const f of r.testResults) {
    const where = f.name.startsWith(root) ? f.name.slice(root.length + 1) : f.name;
    const failed = f.assertionResults.filter((a) => a.status === 'failed');
    for (const a of failed) failures.push(`${where} › ${a.fullName}: ${firstLine(a.failureMessages[0])}`);
    // A file that fails before its tests run (an import error, a hook) has no failed assertion.
    if (f.status === 'failed' && failed.length === 0) failures.push(`${where}: ${firstLine(f.message)}`);
  }
  return {
    passed: r.numPassedTests,
    failed: Math.max(r.numFailedTests, failures.length),
    skipped: r.numPendingTests + r.numTodoTests,
    failures,
  };
};

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: { status: string; results: { status: string; error?: { message?: string } }[] }[];
  }[];
}
const playwrightFailures = (suites: PlaywrightSuite[] = []): string[] =>
  suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((t) => t.status === 'unexpected')
        .map((t) => {
          const error = t.results.find((r) => r.error)?.error?.message;
          return `e2e/${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`;
        }),
    ),
    ...playwrightFailures(suite.suites),
  ]);

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
// The production rehearsal (scripts/rehearsal/rehearse.ts): builds and installs in a temporary folder, so
// it leaves functions/dist and web/dist, which the browser journeys build for the demo project, alone.
const rehearsalJson = join(reports, 'rehearsal.json');
steps.push({
  name: 'production rehearsal (deploy build for kring-rehearsal, installed bundle on Node 22, SSR)',
  command: bin('tsx'),
  args: ['scripts/rehearsal/rehearse.ts'],
  env: { REHEARSAL_REPORT: rehearsalJson },
  counts: () => {
    const r = readJson<{ passed: number; failed: number; failures: string[] }>(rehearsalJson);
    return r
      ? { passed: r.passed, failed: r.failed, skipped: 0, failures: r.failures }
      : { passed: 0, failed: 1, skipped: 0, failures: [`${rehearsalJson} was not written`] };
  },
});
if (process.env.KRING_SKIP_E2E !== 'true') {
  steps.push({
    name: 'browser journeys (Playwright, Chromium, whole stack)',
    command: bin('tsx'),
    args: ['scripts/e2e.ts'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
    counts: () => {
      const r = readJson<{
        stats: { expected: number; unexpected: number; flaky: number; skipped: number };
        suites: PlaywrightSuite[];
      }>(playwrightJson);
      return r
        ? {
            passed: r.stats.expected + r.stats.flaky,
            failed: r.stats.unexpected,
            skipped: r.stats.skipped,
            failures: playwrightFailures(r.suites),
          }
        : { passed: 0, failed: 1, skipped: 0, failures: [`${playwrightJson} was not written`] };
    },
  });
}

const results: { name: string; ok: boolean; seconds: number }[] = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];
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
    for (const f of c.failures ?? []) failures.push(`${step.name}: ${f}`);
  } else if (code !== 0) {
    totals.failed += 1;
  }
}

console.log('\n━━ summary');
for (const r of results) console.log(`  ${r.ok ? '✓' : '✗'} ${r.name} (${r.seconds} s)`);
// The failed tests by name at the very end, where a CI log that keeps only its tail still shows them.
if (failures.length > 0) {
  console.log('\nFailed:');
  for (const f of failures) console.log(`  ✗ ${f}`);
}
const ok = results.every((r) => r.ok);
console.log(
  `\nTests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(ok ? 0 : 1);
