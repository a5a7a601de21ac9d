import { config } from './config.ts';

/** The only writer of log lines: one JSON object per line, which Cloud Logging reads as structured. */
type Severity = 'DEBUG' | 'INFO' | 'WARNING' | 'ERROR';
const rank: Record<Severity, number> = { DEBUG: 0, INFO: 1, WARNING: 2, ERROR: 3 };
const threshold = (): number => {
  const level = config.logLevel().toUpperCase();
  if (level === 'SILENT') return 99;
  return rank[(level === 'WARN' ? 'WARNING' : level) as Severity] ?? rank.INFO;
};

const write = (severity: Severity, message: string, fields?: Record<string, unknown>) => {
  if (rank[severity] < threshold()) return;
  const line = JSON.stringify({ severity, message, ...fields }, (_k, v) =>
    v instanceof Error ? { name: v.name, message: v.message, stack: v.stack } : v,
  );
  (severity === 'ERROR' || severity === 'WARNING' ? process.stderr : process.stdout).write(`${line}\n`);
};

export const logs = {
  debug: (message: string, fields?: Record<string, unknown>) => write('DEBUG', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('INFO', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('WARNING', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('ERROR', message, fields),
};
