/**
 * Whether an installed functions/dist holds exactly the packages the workspace's package-lock.json pinned
 * (the versions the tests ran with): every package in its node_modules, indirect ones included, at the
 * place and version the root lock has for the `functions` workspace.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { distLockfile, type Lockfile } from '../../functions/dist-package.mjs';

/** Every installed package under `dir`/node_modules: lock location -> version. */
export function installedPackages(dir: string, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  const modules = join(dir, 'node_modules');
  if (!existsSync(modules)) return found;
  const names = readdirSync(modules)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) =>
      name.startsWith('@') ? readdirSync(join(modules, name)).map((sub) => `${name}/${sub}`) : [name],
    );
  for (const name of names) {
    const folder = join(modules, name);
    const manifest = join(folder, 'package.json');
    if (!existsSync(manifest)) continue;
    const location = `${prefix}node_modules/${name}`;
    found.set(location, (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version);
    for (const [nested, version] of installedPackages(folder, `${location}/`)) found.set(nested, version);
  }
  return found;
}

/**
 * What differs between the install and the root lock, place by place as dist's lockfile took each
 * package from the workspace (functions/dist-package.mjs): a package at another version or place than
 * the root lock pinned, or one the lockfile installs (not an optional one, which npm skips on other
 * platforms) that is missing.
 */
export function differencesFromRootLock(
  installed: Map<string, string>,
  rootLock: Lockfile,
  distPackage: { name: string; dependencies?: Record<string, string> },
): string[] {
  const expected = distLockfile(rootLock, distPackage).packages as Record<
    string,
    { version?: string; optional?: boolean }
  >;
  const differences: string[] = [];
  for (const [location, version] of installed) {
    const locked = expected[location]?.version;
    if (locked !== version)
      differences.push(`${location}: installed ${version}, the root lock has ${locked ?? 'none'}`);
  }
  for (const [location, entry] of Object.entries(expected)) {
    if (location && !entry.optional && !installed.has(location))
      differences.push(`${location}: not installed, the root lock has ${entry.version}`);
  }
  return differences.sort();
}
