import { loadavg } from 'node:os';
import { deleteApp, getApps } from 'firebase-admin/app';
import type { Db } from '../../functions/src/lib/db.ts';

/** The machine's load averages (1, 5, 15 minutes), one decimal each. */
export const loadText = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** A benchmark's result: the engine and how many calls each case had, then a Markdown table. */
export function printResultTable(
  run: { engine: string; runs: number; warmup: number },
  header: string,
  rows: readonly string[],
): void {
  console.log(
    `\n${run.engine}; ${run.runs} calls per case after ${run.warmup} warm-up calls; load ${loadText()}`,
  );
  console.log(`| ${header} |\n|${'---|'.repeat(header.split(' | ').length)}`);
  console.log(rows.join('\n'));
}

/** Stops what a benchmark started against the Auth emulator: Admin SDK apps, the pool, emulator, database. */
export async function stopBench(
  db: Db,
  auth: { close(): Promise<unknown> },
  database: { close(): Promise<unknown> },
) {
  await Promise.all(getApps().map((app) => deleteApp(app)));
  await db.destroy();
  await auth.close();
  await database.close();
}
