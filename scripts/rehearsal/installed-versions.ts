/**
 * Whether an installed functions/dist holds exactly the packages the workspace's package-lock.json pinned
 * (the versions the tests ran with): every package in its node_modules, indirect ones included, at the
 * place and version the root lock has for the `functions` workspace.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

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
 * What differs between the install and the root lock: a package whose version is not the one the root
 * lock has there (the workspace's own `functions/node_modules/x` counts for dist's `node_modules/x`).
 */
export function differencesFromRootLock(
  installed: Map<string, string>,
  rootLock: { packages?: Record<string, { version?: string }> },
): string[] {
  const packages = rootLock.packages ?? {};
  const differences: string[] = [];
  for (const [location, version] of installed) {
    const locked = packages[`functions/${location}`] ?? packages[location];
    if (locked?.version !== version)
      differences.push(`${location}: installed ${version}, the root lock has ${locked?.version ?? 'none'}`);
  }
  return differences.sort();
}
