/** A package-lock.json (lockfileVersion 3): its `packages`, keyed by location in node_modules. */
export interface Lockfile {
  name?: string;
  lockfileVersion?: number;
  requires?: boolean;
  packages?: Record<string, Record<string, unknown>>;
}

/** See dist-package.mjs: Node's lookup of `name` from the package folder `from` among lock locations. */
export function lookup(packages: Record<string, unknown>, from: string, name: string): string | undefined;

/** See dist-package.mjs: the lockfile of a folder with `distPackage`, derived from the root lock. */
export function distLockfile(
  rootLock: Lockfile,
  distPackage: { name: string; dependencies?: Record<string, string>; engines?: Record<string, string> },
): Required<Lockfile>;

/** See dist-package.mjs: the packages esbuild leaves external, installed by Cloud Build. */
export const external: string[];

/** See dist-package.mjs: dist/package.json from functions/package.json. */
export function distPackage(
  functionsPackage: { dependencies?: Record<string, string> },
  rootPackage?: { overrides?: Record<string, unknown> },
): DistPackage;

/** dist/package.json: its name, engines and dependencies (and `private`, `type`, `main`). */
export type DistPackage = Record<string, unknown> & {
  name: string;
  engines: Record<string, string>;
  dependencies: Record<string, string>;
};
