import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';

/**
 * The architecture check of `npm test`: the import graph of web, functions and contract against the
 * layer rules in `.dependency-cruiser.cjs` (no circles, no arrow from a lower layer to a higher one),
 * "only repos run SQL" in functions, and "only api files call the server, one call each" in web.
 */
export interface Violation {
  rule: string;
  /** `from → to` for an import, `file:line` for SQL outside a repo. */
  where: string;
  why: string;
}

export const checkedFolders = ['web/src', 'functions/src', 'contract/src'];

/** Kysely query builders and raw SQL: what a handler or helper must leave to a `*.repo.ts`. */
const sqlPattern =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(<[^`]*?>)?`|\bsql\.(raw|ref|lit|id|join|table|val)\(/;
/** Where SQL may stand: repos, the database module (pool and migrations runner), schema types, tests. */
const sqlAllowed = /(\.repo\.ts|\.test\.ts|^functions\/src\/lib\/db\.ts|^functions\/src\/db\/)$/;

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

/** The files below `folder` (relative to `root`, as `root`-relative paths); none when it is missing. */
function filesBelow(root: string, folder: string): string[] {
  try {
    return walk(join(root, folder)).map((file) => relative(root, file));
  } catch {
    return [];
  }
}

/**
 * Every line matching `pattern`, outside comment lines (`//`, `*`), of the files below `folder`
 * that `scanned` picks, as a violation of `rule` that `why` explains from the line.
 */
function linesMatching(
  root: string,
  folder: string,
  scanned: (rel: string) => boolean,
  pattern: RegExp,
  rule: string,
  why: (line: string) => string,
): Violation[] {
  return filesBelow(root, folder)
    .filter(scanned)
    .flatMap((rel) =>
      readFileSync(join(root, rel), 'utf8')
        .split('\n')
        .flatMap((line, i) => {
          const code = line.trimStart();
          if (!pattern.test(line) || code.startsWith('//') || code.startsWith('*')) return [];
          return [{ rule, where: `${rel}:${i + 1}`, why: why(line.trim().slice(0, 80)) }];
        }),
    );
}

/** Every line outside a repo (or the database module) that builds or runs SQL. */
export const sqlOutsideRepos = (root: string): Violation[] =>
  linesMatching(
    root,
    'functions/src',
    (rel) => rel.endsWith('.ts') && !sqlAllowed.test(rel),
    sqlPattern,
    'sql-only-in-repos',
    (line) => `SQL outside a *.repo.ts: ${line}`,
  );

/**
 * A server call: `call(` or `callPublic(` (not `x.call(`), also with type arguments
 * (`call<'community', 'x'>(`), the web's only way to reach the API; or either imported under another
 * name (`import { call as ask }`), which would hide the calls from the first pattern.
 */
const callPattern = /(?<![.\w$])call(Public)?\s*(<[^()]*>\s*)?\(|(?<![.\w$])call(Public)?\s+as\s+[\w$]+/;
/**
 * Where a server call may stand: one file per call in a feature's `api/` folder (or `lib/api/` for a
 * call features share), the fetch layer itself, and tests.
 */
const callAllowed =
  /(^web\/src\/(features\/[^/]+\/|lib\/)api\/[^/]+\.tsx?|^web\/src\/lib\/api\.ts|\.test\.tsx?)$/;

/** Every line in web that calls the server outside an `api/` file. */
export const callsOutsideApi = (root: string): Violation[] =>
  linesMatching(
    root,
    'web/src',
    (rel) => /\.tsx?$/.test(rel) && !callAllowed.test(rel),
    callPattern,
    'web-calls-only-in-api',
    (line) => `a server call outside an api/ file (features/<feature>/api/<call>.ts): ${line}`,
  );

/** An api file (not the fetch layer, not a test): where the one-call-per-file rule applies. */
const apiFile = /^web\/src\/(features\/[^/]+\/|lib\/)api\/[^/]+(?<!\.test)\.tsx?$/;
/** The start of a call whose service and endpoint are both written out: `call('community', 'upvotePost'`. */
const namedCall = /^\s*'[^']+'\s*,\s*'[^']+'\s*,/;

/**
 * Every api file that holds more than one server call, or one whose endpoint is picked at run time
 * (`call('community', up ? 'a' : 'b', …)` is two calls in one): one file per call, so a reader finds
 * a call by its name and the cache keys it touches beside it. A toggle composes two call files.
 */
export function apiFilesWithSeveralCalls(root: string): Violation[] {
  const found: Violation[] = [];
  for (const rel of filesBelow(root, 'web/src')) {
    if (!apiFile.test(rel)) continue;
    const lines = readFileSync(join(root, rel), 'utf8').split('\n');
    const code = lines.map((line) => (/^\s*(\/\/|\*)/.test(line) ? '' : line)).join('\n');
    const calls = [...code.matchAll(new RegExp(callPattern.source, 'g'))];
    if (calls.length > 1)
      found.push({
        rule: 'web-one-call-per-api-file',
        where: rel,
        why: `${calls.length} server calls in one api file: give each its own file (features/<feature>/api/<call>.ts)`,
      });
    for (const c of calls) {
      const index = (c.index ?? 0) + c[0].length;
      if (namedCall.test(code.slice(index))) continue;
      found.push({
        rule: 'web-one-call-per-api-file',
        where: `${rel}:${code.slice(0, index).split('\n').length}`,
        why: 'the endpoint of a server call is picked at run time: one file per endpoint, named in the call',
      });
    }
  }
  return found;
}

/** Import-graph violations of the rules in `<root>/.dependency-cruiser.cjs`, for the folders that exist. */
export async function importViolations(root: string): Promise<Violation[]> {
  const config = createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs')) as IConfiguration;
  const folders = checkedFolders.filter((f) => {
    try {
      return statSync(join(root, f)).isDirectory();
    } catch {
      return false;
    }
  });
  const previous = process.cwd();
  // dependency-cruiser reports paths relative to the working directory; the rules are written that way.
  process.chdir(root);
  try {
    const result = await cruise(folders, {
      ...config.options,
      validate: true,
      ruleSet: { forbidden: config.forbidden },
    });
    if (typeof result.output === 'string') throw new Error('dependency-cruiser returned text, not a result');
    return result.output.summary.violations.map((v) => ({
      rule: v.rule.name,
      where: v.cycle?.length ? [v.from, ...v.cycle.map((c) => c.name)].join(' → ') : `${v.from} → ${v.to}`,
      why: config.forbidden?.find((r) => r.name === v.rule.name)?.comment ?? '',
    }));
  } finally {
    process.chdir(previous);
  }
}

export async function checkArchitecture(root: string): Promise<Violation[]> {
  return [
    ...(await importViolations(root)),
    ...sqlOutsideRepos(root),
    ...callsOutsideApi(root),
    ...apiFilesWithSeveralCalls(root),
  ];
}
