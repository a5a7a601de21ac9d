/**
 * Route-level `<link rel="modulepreload">` hints for member pages (issue 26), computed from the client
 * build's manifest when the server render is built (vite.config.ts writes them to
 * functions/dist/ssr/member-hints.json; functions/src/site/member-hints.ts puts them in the page).
 * Without them a member page opened with an empty HTTP cache fetches its code in waves: the entry,
 * then the app (main.tsx), then the gate, the Auth SDK and the page's chunk, each after the previous
 * one ran. With them the browser fetches it all while it reads the HTML. Public pages get none: they
 * load no app code at first (e2e/budget.spec.ts).
 */
import { paths } from '../../lib/paths.ts';

/** What a member page needs before its first content, in the order it needs it. */
const common = [
  'src/app/main.tsx',
  // The Auth SDK (lib/firebase.ts loads it on first use) and what asks with its token.
  'firebase',
  'node_modules/firebase/app/dist/esm/index.esm.js',
  'node_modules/firebase/auth/dist/esm/index.esm.js',
  'src/app/layout/member-gate.tsx',
  // The gate imports it when it runs: measured at 2.6 s, the last wave before the SDK's answer.
  'src/app/layout/member-boot.ts',
  'src/lib/account-loader.tsx',
  'src/lib/signed-in-owner.ts',
];

/** The member pages app/layout/member-boot.ts starts early, with their chunks (app/router.tsx). */
export const memberPageModules: [pattern: string, module: string][] = [
  [paths.community.timeline, 'src/app/routes/community/timeline.tsx'],
  [paths.community.post.pattern, 'src/app/routes/community/post.tsx'],
  [paths.community.members, 'src/app/routes/community/members.tsx'],
  [paths.account.membership, 'src/app/routes/account/membership.tsx'],
];

interface Chunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
}
export type Manifest = Record<string, Chunk>;

/** One member page: its path pattern (react-router's, `:param` a segment) and the hints' HTML. */
export interface MemberHints {
  pattern: string;
  html: string;
}

/**
 * The manifest key of `id`: a module's own key, a package's file wherever node_modules is (keys are
 * relative to web/: `../node_modules/...` in the workspace, further up when it is linked, as in the
 * rehearsal's copy), or a shared chunk's by its name (`firebase`).
 */
function keyOf(manifest: Manifest, id: string): string {
  if (manifest[id]) return id;
  const keys = Object.keys(manifest);
  const shared = id.startsWith('node_modules/')
    ? keys.find((key) => key.endsWith(`/${id}`))
    : keys.find((key) => key.startsWith('_') && manifest[key]?.name === id);
  // A renamed module must not silently drop its hints: the build fails.
  if (!shared) throw new Error(`member hints: ${id} is not in the client build's manifest`);
  return shared;
}

/** `keys` and everything they import statically, depth first, each once, in the order needed. */
function withImports(manifest: Manifest, keys: string[], seen: Set<string>, out: string[]) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    withImports(manifest, manifest[key]?.imports ?? [], seen, out);
    out.push(key);
  }
}

/** The hints of every member page: the files it needs that the entry does not already load. */
export function memberHints(manifest: Manifest): MemberHints[] {
  const entry = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const loaded = new Set<string>();
  withImports(manifest, entry, loaded, []);
  return memberPageModules.map(([pattern, module]) => {
    const files: string[] = [];
    const ids = [...common, module].map((id) => keyOf(manifest, id));
    withImports(manifest, ids, new Set(loaded), files);
    const html = files
      .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]?.file}">`)
      .join('');
    return { pattern, html };
  });
}
