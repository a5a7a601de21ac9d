import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { distLockfile, distPackage, type Lockfile } from '../../functions/dist-package.mjs';
import { differencesFromRootLock, installedPackages } from '../../scripts/rehearsal/installed-versions.ts';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const rootLock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as Lockfile;
const functionsPackage = JSON.parse(readFileSync(join(root, 'functions/package.json'), 'utf8'));
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** A workspace lock in miniature: what the functions use hoisted, nested and in their own node_modules. */
const workspaceLock = (packages: Record<string, Record<string, unknown>>): Lockfile => ({
  lockfileVersion: 3,
  packages: {
    '': { workspaces: ['functions', 'web'] },
    functions: { dependencies: { a: '1', c: '2' } },
    'node_modules/@kring/functions': { resolved: 'functions', link: true },
    ...packages,
  },
});
const pkg = { name: 'kring-functions', dependencies: { a: '1', c: '2' } };
/** `npm ci --omit=dev --dry-run --offline` (as Cloud Build, without downloads) of a folder with these two files. */
async function npmCiDryRun(pkgJson: object, lock: object) {
  const dir = mkdtempSync(join(tmpdir(), 'kring-dist-lock-'));
  try {
    writeFileSync(join(dir, 'package.json'), JSON.stringify(pkgJson));
    writeFileSync(join(dir, 'package-lock.json'), JSON.stringify(lock));
    const args = [
      'ci',
      '--omit=dev',
      '--dry-run',
      '--ignore-scripts',
      '--offline',
      '--no-audit',
      '--no-fund',
    ];
    return await run('npm', args, { cwd: dir, encoding: 'utf8' }).then(
      (out) => ({ ok: true, error: '', out: out.stdout }),
      (error: { stderr?: string }) => ({ ok: false, error: error.stderr ?? String(error), out: '' }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** installedPackages of a folder holding just these `location -> version` packages. */
function installedFrom(versions: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'kring-dist-installed-'));
  try {
    for (const [location, version] of Object.entries(versions)) {
      mkdirSync(join(dir, location), { recursive: true });
      writeFileSync(join(dir, location, 'package.json'), JSON.stringify({ version }));
    }
    return installedPackages(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The functions' own c@2, with an optional platform package, a peer and an optional peer. */
const c2 = {
  version: '2.0.0',
  integrity: 'sha512-c2',
  dependencies: { b: '2' },
  optionalDependencies: { 'c-linux-x64': '2.0.0' },
  peerDependencies: { p: '1', q: '1' },
  peerDependenciesMeta: { q: { optional: true } },
};

describe('dist/package-lock.json, derived from the workspace lock', () => {
  it('holds the closure of the dependencies at their places, with version and integrity, nothing else', () => {
    const lock = distLockfile(
      workspaceLock({
        'node_modules/a': { version: '1.0.0', integrity: 'sha512-a', dev: true, dependencies: { b: '^1' } },
        'node_modules/a/node_modules/b': { version: '1.2.0', integrity: 'sha512-b1' },
        'node_modules/b': { version: '2.0.0', integrity: 'sha512-b2' },
        'node_modules/c': { version: '1.0.0', integrity: 'sha512-c-web' },
        'functions/node_modules/c': c2,
        // Flags are the workspace's: dist's are worked out anew.
        'node_modules/c-linux-x64': { version: '2.0.0', os: ['linux'], cpu: ['x64'] },
        'node_modules/p': { version: '1.0.0', dev: true },
        'node_modules/q': { version: '1.0.0' },
        'node_modules/web-only': { version: '9.0.0' },
      }),
      pkg,
    );
    expect(lock.packages).toEqual({
      '': { name: 'kring-functions', dependencies: { a: '1', c: '2' } },
      'node_modules/a': { version: '1.0.0', integrity: 'sha512-a', dependencies: { b: '^1' } },
      'node_modules/a/node_modules/b': { version: '1.2.0', integrity: 'sha512-b1' },
      'node_modules/b': { version: '2.0.0', integrity: 'sha512-b2' },
      // The workspace's own version replaces the one the web workspace hoisted.
      'node_modules/c': c2,
      'node_modules/c-linux-x64': { version: '2.0.0', os: ['linux'], cpu: ['x64'], optional: true },
      // A required peer is installed; an optional peer (q) and the web's packages are not.
      'node_modules/p': { version: '1.0.0', peer: true },
    });
  });

  it('refuses a layout dist cannot keep, a missing dependency and a workspace package', () => {
    // a needs the hoisted b@1, c (the functions' own node_modules) b@2 there: one place in dist.
    const conflict = workspaceLock({
      'node_modules/a': { version: '1.0.0', dependencies: { b: '1' } },
      'node_modules/b': { version: '1.0.0' },
      'node_modules/c': { version: '1.0.0' },
      'functions/node_modules/b': { version: '2.0.0' },
      'functions/node_modules/c': { version: '2.0.0', dependencies: { b: '2' } },
    });
    expect(() => distLockfile(conflict, pkg)).toThrow(
      'functions/node_modules/b and node_modules/b would both be node_modules/b in dist',
    );
    const missing = workspaceLock({
      'node_modules/a': { version: '1.0.0', dependencies: { x: '1' } },
      'node_modules/c': { version: '2.0.0' },
    });
    expect(() => distLockfile(missing, pkg)).toThrow(
      /x \(needed by node_modules\/a\) is not in package-lock/,
    );
    const linked = workspaceLock({
      'node_modules/a': { version: '1.0.0' },
      'node_modules/c': { resolved: 'contract', link: true },
    });
    expect(() => distLockfile(linked, pkg)).toThrow(/workspace package contract/);
  });

  it('refuses a layout where a package would find another package than in the workspace', () => {
    // a (hoisted) has q as an optional peer and finds the web's q@1; the functions' own q@2 moves up to
    // node_modules/q in dist, where a would find it instead: a would run with q@2, never tested.
    const aWithOptionalPeerQ = {
      version: '1.0.0',
      peerDependencies: { q: '^1' },
      peerDependenciesMeta: { q: { optional: true } },
    };
    const hidden = workspaceLock({
      'node_modules/a': aWithOptionalPeerQ,
      'node_modules/q': { version: '1.0.0' },
      'functions/node_modules/c': { version: '2.0.0', dependencies: { q: '2' } },
      'functions/node_modules/q': { version: '2.0.0' },
    });
    expect(() => distLockfile(hidden, pkg)).toThrow(
      'q (needed by node_modules/a) would be functions/node_modules/q in dist, not node_modules/q',
    );
    // The same optional peer, absent from the workspace's reach for a: dist may hold none either.
    const absent = workspaceLock({
      'node_modules/a': aWithOptionalPeerQ,
      'node_modules/q': { version: '1.0.0' },
      'node_modules/c': { version: '2.0.0' },
    });
    expect(Object.keys(distLockfile(absent, pkg).packages)).toEqual(['', 'node_modules/a', 'node_modules/c']);
  });

  it('takes a name in both dependencies and optionalDependencies as optional, as npm does', () => {
    // npm lets optionalDependencies win: dist must flag x optional, or npm ci on Linux stops at its os.
    const both = workspaceLock({
      'node_modules/a': { version: '1.0.0', dependencies: { x: '1' }, optionalDependencies: { x: '1' } },
      'node_modules/x': { version: '1.0.0', os: ['win32'] },
      'node_modules/c': { version: '2.0.0' },
    });
    expect(distLockfile(both, pkg).packages['node_modules/x']).toEqual({
      version: '1.0.0',
      os: ['win32'],
      optional: true,
    });
  });

  it("is the committed lock's entries for what the build ships: the contract bundled, sharp for every platform", () => {
    const dist = distPackage(functionsPackage);
    const lock = distLockfile(rootLock, dist);
    const locations = Object.keys(lock.packages).filter(Boolean);
    expect(dist.dependencies['@kring/contract']).toBeUndefined();
    expect(locations.some((l) => l.includes('@kring/'))).toBe(false);
    for (const location of locations) {
      const { version, integrity } = lock.packages[location] as { version: string; integrity: string };
      expect({ location, version, integrity }).toEqual({
        location,
        version: rootLock.packages?.[location]?.version,
        integrity: rootLock.packages?.[location]?.integrity,
      });
    }
    // Cloud Run (linux x64, glibc) gets its build; npm skips the others by their os/cpu/libc.
    expect(lock.packages['node_modules/@img/sharp-linux-x64']).toMatchObject({
      optional: true,
      os: ['linux'],
      cpu: ['x64'],
      libc: ['glibc'],
    });
    expect(locations.filter((l) => l.startsWith('node_modules/@img/sharp-')).length).toBeGreaterThan(10);
  });

  it('installs with npm ci --omit=dev as Cloud Build does (package.json and lockfile in sync)', async () => {
    const dist = distPackage(functionsPackage, rootPackage);
    const result = await npmCiDryRun(dist, distLockfile(rootLock, dist));
    expect(result.error.match(/Missing: .*|Invalid: .*/g) ?? [], result.error).toEqual([]);
    expect(result.ok, result.error).toBe(true);
    // The native part for this machine is among what npm would add.
    expect(result.out).toMatch(new RegExp(`add @img/sharp-${process.platform}-${process.arch} 0\\.`));
  }, 60_000);
});

describe("the root package.json's overrides", () => {
  it('go into dist/package.json, so npm ci accepts a lock with an overridden indirect dependency', async () => {
    // The root overrides b (say, a security fix) to 2.0.0 though a asks for ^1: the lock holds b@2.
    const lock = workspaceLock({
      'node_modules/a': { version: '1.0.0', integrity: 'sha512-a', dependencies: { b: '^1' } },
      'node_modules/b': { version: '2.0.0', integrity: 'sha512-b' },
    });
    (lock.packages as Record<string, object>).functions = { dependencies: { a: '1' } };
    const dist = distPackage({ dependencies: { 'firebase-admin': '1' } }, { overrides: { b: '2.0.0' } });
    const named = { ...dist, dependencies: { a: '1' } };
    const result = await npmCiDryRun(named, distLockfile(lock, named));
    expect(result.error.split('\n').filter((line) => line.startsWith('npm error'))).toEqual([]);
    expect(result.out).toMatch(/add b 2\.0\.0/);
  }, 60_000);
});

describe("the rehearsal's check of an installed dist against the root lock", () => {
  it('names a package the lockfile installs that is missing, and compares each with the place dist took it from', () => {
    // b is hoisted for a; the functions' own b@3 is a dev tool's and not in dist. c is not installed.
    const installed = installedFrom({ 'node_modules/a': '1.0.0', 'node_modules/b': '3.0.0' });
    const lock = workspaceLock({
      'node_modules/a': { version: '1.0.0', dependencies: { b: '1' } },
      'node_modules/b': { version: '1.0.0' },
      'node_modules/c': { version: '2.0.0' },
      'functions/node_modules/b': { version: '3.0.0', dev: true },
    });
    expect(differencesFromRootLock(installed, lock, pkg)).toEqual([
      'node_modules/b: installed 3.0.0, the root lock has 1.0.0',
      'node_modules/c: not installed, the root lock has 2.0.0',
    ]);
  });

  it('names every package at a version or place the workspace does not have', () => {
    const installed = installedFrom({
      'node_modules/a': '1.0.0',
      'node_modules/a/node_modules/b': '1.2.0',
      'node_modules/@s/c': '2.0.0',
      'node_modules/d': '3.1.0',
      'node_modules/e': '1.0.0',
    });
    expect(installed.size).toBe(5);
    const deps = { a: '1', '@s/c': '2', d: '3' };
    const lock: Lockfile = {
      packages: {
        '': { workspaces: ['functions', 'web'] },
        functions: { dependencies: deps },
        'node_modules/a': { version: '1.0.0', dependencies: { b: '1' } },
        'node_modules/a/node_modules/b': { version: '1.2.0' },
        'node_modules/@s/c': { version: '1.0.0' },
        'functions/node_modules/@s/c': { version: '2.0.0' },
        'node_modules/d': { version: '3.0.0' },
      },
    };
    expect(differencesFromRootLock(installed, lock, { name: 'kring-functions', dependencies: deps })).toEqual(
      [
        'node_modules/d: installed 3.1.0, the root lock has 3.0.0',
        'node_modules/e: installed 1.0.0, the root lock has none',
      ],
    );
  });
});
