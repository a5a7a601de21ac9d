import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

describe('the committed lockfile', () => {
  it('installs with npm ci as CI and Cloud Build do (package.json and lockfile in sync)', async () => {
    // Only the files npm ci reads, in a folder of their own: the check sees the lockfile as a fresh
    // clone does, whatever this working copy's node_modules holds.
    const dir = mkdtempSync(join(tmpdir(), 'kring-lockfile-'));
    try {
      for (const file of [
        'package.json',
        'package-lock.json',
        'contract/package.json',
        'functions/package.json',
        'web/package.json',
        'tools/package.json',
      ]) {
        cpSync(join(root, file), join(dir, file), { recursive: true });
      }
      const result = await run(
        'npm',
        ['ci', '--dry-run', '--ignore-scripts', '--offline', '--no-audit', '--no-fund', '--loglevel=error'],
        { cwd: dir, encoding: 'utf8' },
      ).then(
        () => ({ ok: true, error: '' }),
        (error: { stderr?: string }) => ({ ok: false, error: error.stderr ?? String(error) }),
      );
      // On a mismatch npm names every package the lockfile lacks ("Missing: x@1 from lock file").
      expect(result.error.match(/Missing: .*|Invalid: .*/g) ?? [], result.error).toEqual([]);
      expect(result.ok, result.error).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
