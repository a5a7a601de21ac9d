// What functions/build.mjs writes beside the bundle for Cloud Build to install: dist/package.json (the
// packages esbuild leaves external) and dist/package-lock.json, derived from the workspace's committed
// package-lock.json (no registry call): the dependency closure of dist's dependencies as the `functions`
// workspace resolves them, each entry with the version and integrity the tests ran with, at the same
// place in node_modules. Cloud Build installs a folder with a lockfile with `npm ci` (docs/deploy.md
// "What the functions deploy installs"), so production runs exactly these versions.

/** Packages with native parts or large SDKs stay external to the bundle and are installed by Cloud Build. */
export const external = [
  'firebase-functions',
  'firebase-admin',
  'sharp',
  '@google-cloud/cloud-sql-connector',
  'pg-native',
  // MJML is loaded with require() at run time (it ships no types) and has optional plugins esbuild cannot follow.
  'mjml',
  // PDFKit reads its standard fonts' metrics (data/*.afm) from its own folder at run time.
  'pdfkit',
];

/**
 * dist/package.json: the external packages at the versions functions/package.json asks for, and the root
 * package.json's `overrides` (npm applies only a root's): the root lock holds the overridden versions,
 * which npm ci accepts only with the same overrides beside them.
 */
export function distPackage(functionsPackage, rootPackage = {}) {
  const dependencies = functionsPackage.dependencies ?? {};
  return {
    name: 'kring-functions',
    private: true,
    type: 'module',
    main: 'index.js',
    engines: { node: '22' },
    dependencies: Object.fromEntries(
      external.filter((name) => dependencies[name]).map((name) => [name, dependencies[name]]),
    ),
    ...(rootPackage.overrides ? { overrides: rootPackage.overrides } : {}),
  };
}

const workspace = 'functions';

/** The folder a lock location's package lives in: `node_modules/a/node_modules/b` -> `node_modules/a`. */
function parentOf(location) {
  const at = location.lastIndexOf('node_modules/');
  return at > 0 ? location.slice(0, at - 1) : '';
}

/** Node's lookup from a package's folder: its own node_modules, then each enclosing one, then the root's. */
export function lookup(packages, from, name) {
  for (let dir = from; ; dir = parentOf(dir)) {
    const location = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[location]) return location;
    if (!dir) return undefined;
  }
}

/**
 * A package's edges as npm installs them: dependencies, optional ones, and peers. An optional peer is
 * left out: npm installs none for it, and the root lock has one only because another workspace uses it.
 * A name under two kinds is one edge, the later kind winning as in npm's Arborist (peer, optional peer,
 * dependency, optional dependency): a name in both dependencies and optionalDependencies is optional.
 */
function edgesOf(entry) {
  const peerMeta = entry.peerDependenciesMeta ?? {};
  const edges = new Map();
  for (const name of Object.keys(entry.peerDependencies ?? {}))
    edges.set(name, peerMeta[name]?.optional === true ? undefined : { name, optional: false, peer: true });
  for (const name of Object.keys(entry.dependencies ?? {}))
    edges.set(name, { name, optional: false, peer: false });
  for (const name of Object.keys(entry.optionalDependencies ?? {}))
    edges.set(name, { name, optional: true, peer: false });
  return [...edges.values()].filter(Boolean);
}

/** Every package the root lock installs for `dependencies` (resolved from the workspace), with its edges. */
function closureOf(packages, dependencies) {
  const edges = new Map(); // location -> [{ name, to, optional, peer }]
  const resolve = (from, edge, who) => {
    const to = lookup(packages, from, edge.name);
    if (to && packages[to].link)
      throw new Error(
        `${edge.name} (needed by ${who}) is the workspace package ${packages[to].resolved}: bundle it, dist/ cannot install it`,
      );
    if (!to && !edge.optional)
      throw new Error(`${edge.name} (needed by ${who}) is not in package-lock.json: run npm install`);
    return to;
  };
  const rootEdges = Object.keys(dependencies)
    .map((name) => ({ name, optional: false, peer: false }))
    .map((edge) => ({ ...edge, to: resolve(workspace, edge, workspace) }));
  const queue = rootEdges.map((edge) => edge.to);
  while (queue.length > 0) {
    const location = queue.shift();
    if (edges.has(location)) continue;
    const out = edgesOf(packages[location])
      .map((edge) => ({ ...edge, to: resolve(location, edge, location) }))
      .filter((edge) => edge.to !== undefined);
    edges.set(location, out);
    queue.push(...out.map((edge) => edge.to));
  }
  return { rootEdges, edges };
}

/** The locations reached from the root through edges that `follow` accepts. */
function reached(rootEdges, edges, follow) {
  const seen = new Set();
  const queue = rootEdges.filter(follow).map((edge) => edge.to);
  while (queue.length > 0) {
    const location = queue.shift();
    if (seen.has(location)) continue;
    seen.add(location);
    queue.push(...(edges.get(location) ?? []).filter(follow).map((edge) => edge.to));
  }
  return seen;
}

/** The workspace's own node_modules becomes dist's: `functions/node_modules/x` -> `node_modules/x`. */
const placeOf = (location) =>
  location.startsWith(`${workspace}/node_modules/`) ? location.slice(workspace.length + 1) : location;

/**
 * Every name a placed package asks for (dependencies, optional ones, peers, optional peers included)
 * must find in dist the package it found in the workspace, or none where the workspace's is not in
 * dist (an optional peer another workspace brought). Moving the workspace's own packages up could
 * otherwise hand a hoisted package another version than the tests ran with, and no check would see it.
 */
function checkSameFinds(packages, placed) {
  for (const [place, location] of Object.entries(placed)) {
    const entry = packages[location];
    const names = new Set(
      ['dependencies', 'optionalDependencies', 'peerDependencies'].flatMap((k) =>
        Object.keys(entry[k] ?? {}),
      ),
    );
    for (const name of names) {
      const was = lookup(packages, location, name);
      const expected = was && placed[placeOf(was)] === was ? placeOf(was) : undefined;
      const now = lookup(placed, place, name);
      if (now !== expected)
        throw new Error(
          `${name} (needed by ${location}) would be ${now ? placed[now] : 'missing'} in dist, not ${was ?? 'missing'}`,
        );
    }
  }
}

/**
 * The lockfile for a folder with `distPackage` (dist/package.json) from the root `package-lock.json`.
 * Throws when the workspace's layout cannot be kept as it is (a package of the workspace's own
 * node_modules would hide a hoisted one another package needs): npm would then have to place anew.
 */
export function distLockfile(rootLock, distPackage) {
  const packages = rootLock.packages ?? {};
  const dependencies = distPackage.dependencies ?? {};
  const { rootEdges, edges } = closureOf(packages, dependencies);
  const placed = {};
  for (const location of edges.keys()) {
    const place = placeOf(location);
    // Only the workspace's own packages move, one level up; a package resolves in dist as it did in the
    // workspace unless that move lands on a hoisted package that is needed too.
    if (placed[place]) throw new Error(`${location} and ${placed[place]} would both be ${place} in dist`);
    placed[place] = location;
  }
  checkSameFinds(packages, placed);
  const required = reached(rootEdges, edges, (edge) => !edge.optional);
  const notPeer = reached(rootEdges, edges, (edge) => !edge.peer);
  const entries = Object.keys(placed)
    .sort((a, b) => a.localeCompare(b, 'en'))
    .map((place) => {
      const { dev, optional, devOptional, peer, extraneous, ...entry } = packages[placed[place]];
      return [
        place,
        {
          ...entry,
          ...(required.has(placed[place]) ? {} : { optional: true }),
          ...(notPeer.has(placed[place]) ? {} : { peer: true }),
        },
      ];
    });
  const root = {
    name: distPackage.name,
    dependencies,
    ...(distPackage.engines ? { engines: distPackage.engines } : {}),
  };
  return {
    name: distPackage.name,
    lockfileVersion: 3,
    requires: true,
    packages: { '': root, ...Object.fromEntries(entries) },
  };
}
