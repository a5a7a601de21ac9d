/** A package-lock.json (lockfileVersion 3): its `packages`, keyed by location in node_modules. */
export interface Lockfile {
  name?: string;
  lockfileVersion?: number;
  requires?: boolean;
  packages?: Record<string, Record<string, unknown>>;
}

/** See dist-lockfile.mjs: Node's lookup of `name` from the package folder `from` among lock locations. */
export function lookup(packages: Record<string, unknown>, from: string, name: string): string | undefined;

/** See dist-lockfile.mjs: the lockfile of a folder with `distPackage`, derived from the root lock. */
export function distLockfile(
  rootLock: Lockfile,
  distPackage: { name: string; dependencies?: Record<string, string>; engines?: Record<string, string> },
): Required<Lockfile>;
