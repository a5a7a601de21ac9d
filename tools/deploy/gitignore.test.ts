import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/** Whether .gitignore keeps `path` out of a commit, tracked or not (`git check-ignore --no-index`). */
function ignored(path: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '--no-index', '-q', path], { cwd: root, stdio: 'ignore' });
    return true;
  } catch (error) {
    if ((error as { status?: number }).status === 1) return false;
    throw error;
  }
}

/** The files under `pattern` that git tracks. */
const tracked = (pattern: string) =>
  execFileSync('git', ['ls-files', pattern], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);

describe('.gitignore and the web’s and the functions’ settings files', () => {
  it('admits every committed web/.env.<project> file (the build reads them from a clone)', () => {
    const committed = tracked('web/.env*');
    expect(committed).toContain('web/.env.kring-rehearsal');
    expect(committed.filter(ignored)).toEqual([]);
  });

  it('keeps Vite’s mode and local files out: a private value cannot be committed by accident', () => {
    const files = [
      'web/.env',
      'web/.env.local',
      'web/.env.production',
      'web/.env.production.local',
      'web/.env.development',
      'web/.env.staging',
    ];
    expect(files.filter((file) => !ignored(file))).toEqual([]);
  });

  it('admits every committed functions/.env.<project> file (firebase-tools deploys them from functions/dist)', () => {
    const committed = tracked('functions/.env*');
    expect(committed).toEqual(
      expect.arrayContaining([
        'functions/.env.example',
        'functions/.env.demo-kring',
        'functions/.env.kring-rehearsal',
      ]),
    );
    expect(committed.filter(ignored)).toEqual([]);
  });

  it('keeps the functions’ local overrides out, and admits a project’s or alias’s file (firebase-tools reads functions/.env.<alias>)', () => {
    expect(ignored('functions/.env.production')).toBe(false);
    expect(ignored('functions/.env.kring-prod')).toBe(false);
    const files = ['functions/.env', 'functions/.env.local', 'functions/.env.kring-rehearsal.local'];
    expect(files.filter((file) => !ignored(file))).toEqual([]);
  });
});
