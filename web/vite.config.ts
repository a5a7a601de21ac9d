import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { buildProject, LOCAL_PROJECT, type WebBuild, webBuild } from './scripts/web-config.ts';
import { type Manifest, memberHints } from './src/app/server/member-hints.ts';
import { robotsTxt } from './src/app/server/robots.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
/** CMS media are URL paths on the site's own origin (cms/README.md): the web app serves them. */
const cmsMedia = fileURLToPath(new URL('../cms/seed/public', import.meta.url));

const mediaTypes: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.pdf': 'application/pdf',
};

function cmsSeedMedia(publicBaseUrl: string): Plugin {
  let outDir = join(webRoot, 'dist');
  return {
    name: 'kring-cms-seed-media',
    configResolved(resolved) {
      outDir = resolved.build.outDir;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = decodeURIComponent((req.url ?? '').split('?')[0] ?? '');
        const file = normalize(join(cmsMedia, path));
        if (!file.startsWith(cmsMedia) || !existsSync(file) || !statSync(file).isFile()) return next();
        res.setHeader('Content-Type', mediaTypes[extname(file)] ?? 'application/octet-stream');
        res.end(readFileSync(file));
      });
    },
    writeBundle() {
      if (existsSync(cmsMedia)) cpSync(cmsMedia, outDir, { recursive: true });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'robots.txt', source: robotsTxt(publicBaseUrl) });
    },
  };
}

/**
 * react-router 7 exports only its development build (remix-run/react-router#12532, #14753), dev
 * warnings included. The production build it ships next to it is the same router without them.
 */
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);
const reactRouterAliases = [
  { find: /^react-router$/, replacement: join(reactRouterProduction, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterProduction, 'dom-export.mjs') },
];

/**
 * The server render (app/server/entry-server.tsx) is built into the functions' bundle folder, so a
 * deploy of functions/dist carries it. The client's index.html moves there too as its template:
 * left in dist/, Hosting would serve it as a static file for `/` before any rewrite.
 */
const ssrOutDir = fileURLToPath(new URL('../functions/dist/ssr', import.meta.url));
function ssrTemplate(projectId: string): Plugin {
  return {
    name: 'kring-ssr-template',
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild === true,
    closeBundle() {
      const built = join(webRoot, 'dist/index.html');
      if (!existsSync(built)) throw new Error('build the client (vite build) before the server render');
      mkdirSync(ssrOutDir, { recursive: true });
      cpSync(built, join(ssrOutDir, 'template.html'));
      rmSync(built);
      // The client's hashed files go with the function too: it serves those the current Hosting
      // release lacks, so the HTML it renders never names a file nobody serves
      // (functions/src/site/assets.ts). Source maps are already out of dist/.
      const assets = join(webRoot, 'dist/assets');
      cpSync(assets, join(ssrOutDir, 'client/assets'), {
        recursive: true,
        filter: (source) => !source.endsWith('.map'),
      });
      // Route-level modulepreload hints for member pages (src/app/server/member-hints.ts).
      const manifest = JSON.parse(
        readFileSync(join(webRoot, 'dist/.vite/manifest.json'), 'utf8'),
      ) as Manifest;
      writeFileSync(join(ssrOutDir, 'member-hints.json'), `${JSON.stringify(memberHints(manifest))}\n`);
      // Which project these files are for: the local stack rebuilds a deploy's build (scripts/lib/stack.ts).
      writeFileSync(join(ssrOutDir, 'build.json'), `${JSON.stringify({ projectId })}\n`);
    },
  };
}

/** Module ids starting with one of `paths` under web/src, for the chunk groups below. */
const inSrc = (...paths: string[]) => new RegExp(`/web/src/(${paths.join('|')})`);

// The SPA is served by the Hosting emulator (:5000) from dist/; `vite` (:5173) is the hot-reload
// alternative and sends API and content calls to the same Hosting rewrite.
/**
 * Source maps are written for debugging (`web/sourcemaps/`, next to dist) but never served: the
 * bundles carry no sourceMappingURL ('hidden') and the .map files leave dist/ after the build.
 */
function sourceMapsOutOfDist(): Plugin {
  let outDir = join(webRoot, 'dist');
  return {
    name: 'kring-source-maps-out-of-dist',
    apply: 'build',
    configResolved(resolved) {
      // Relative to the project root, wherever the build was started from (web/scripts/build.mjs).
      outDir = resolve(resolved.root, resolved.build.outDir);
    },
    closeBundle() {
      const assets = join(outDir, 'assets');
      if (!existsSync(assets)) return;
      // web/sourcemaps for web/dist (a build into another folder keeps its maps beside that folder).
      const keep = join(dirname(outDir), 'sourcemaps');
      rmSync(keep, { recursive: true, force: true });
      mkdirSync(keep, { recursive: true });
      for (const file of readdirSync(assets)) {
        if (file.endsWith('.map')) renameSync(join(assets, file), join(keep, file));
      }
    },
  };
}

/**
 * The Firebase settings of the project this bundle is for (scripts/web-config.ts): a deploy builds with
 * GCLOUD_PROJECT set and reads web/.env.<projectId> alone; the local stack, the dev server and a build
 * without GCLOUD_PROJECT get the emulators' demo settings.
 */
const buildTargets = new Map<string, WebBuild>();
function buildTarget(command: 'build' | 'serve', mode: string): WebBuild {
  const project = command === 'build' ? buildProject() : LOCAL_PROJECT;
  const key = `${project}:${mode}`;
  let target = buildTargets.get(key);
  if (!target) {
    target = webBuild(project, webRoot, loadEnv(mode, webRoot, 'VITE_'));
    buildTargets.set(key, target);
  }
  return target;
}

/** The settings go into the bundle; a production build reads no web/.env or web/.env.local. */
const settingsOptions = (target: WebBuild) => ({
  ...(target.production ? { envDir: false as const } : {}),
  define: {
    __KRING_WEB_CONFIG__: JSON.stringify(target.config),
    ...(target.production
      ? { 'import.meta.env.VITE_MEASUREMENT_ID': JSON.stringify(target.measurementId ?? '') }
      : {}),
  },
});

export default defineConfig(({ command, isSsrBuild, mode }) => ({
  root: webRoot,
  ...settingsOptions(buildTarget(command, mode)),
  plugins: [
    react({ jsxImportSource: '@emotion/react' }),
    ...(isSsrBuild
      ? [ssrTemplate(buildTarget(command, mode).projectId)]
      : [cmsSeedMedia(buildTarget(command, mode).publicBaseUrl), sourceMapsOutOfDist()]),
  ],
  // The server bundle carries its libraries: the function's package.json lists none of them.
  ssr: { noExternal: true, target: 'node' },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: { '/web': 'http://127.0.0.1:5000' },
  },
  preview: { host: '127.0.0.1', port: 4173, proxy: { '/web': 'http://127.0.0.1:5000' } },
  resolve: { alias: command === 'build' ? reactRouterAliases : [] },
  build: isSsrBuild
    ? { outDir: ssrOutDir, emptyOutDir: true, sourcemap: true, target: 'node20', copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: 'hidden',
        // dist/.vite/manifest.json: which files each page loads, for the first-load budget check
        // (e2e/budget.spec.ts). Hosting does not deploy dot folders.
        manifest: true,
        // Every browser the site supports has modulepreload; the polyfill would cost every page 0.4 KB.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          // Imported constants are written where they are used: a theme token (colors.ts,
          // font-size.ts) costs a page no more than the literal value, and unused ones nothing.
          optimization: { inlineConst: { mode: 'all', pass: 1 } },
          treeshake: {
            // Imported by @emotion/react for withTheme only, which the app does not use; the package
            // declares no sideEffects, so without this it and react-is land in every first load.
            moduleSideEffects: [{ test: /\/node_modules\/hoist-non-react-statics\//, sideEffects: false }],
          },
          output: {
            // The entry lists every lazily loaded chunk's file name (for preloading); names without
            // the chunk's name keep that list smaller in every first load. (The source maps in
            // web/sourcemaps/ still say which file is which.) Seven hash characters rather than
            // eight: about 130 bytes less in every first load. Rolldown refuses the build when the
            // number of chunks needs more to stay unique ("you need a minimum hash size of 8"):
            // then raise it.
            chunkFileNames: 'assets/[hash:7].js',
            // The first load in as few files as possible: one file for everything the entry needs
            // (by default it is spread over several shared chunks), and the pieces most pages share
            // in two chunks instead of one tiny chunk each.
            codeSplitting: {
              groups: [
                { name: 'shell', tags: ['$initial'], priority: 3 },
                // The API layer travels with SWR (every signed-in page needs both); the few lines the
                // sign-in page's Firebase code shares with it stay apart, so that page loads no SWR.
                { name: 'auth-user', test: inSrc('lib/auth-user'), priority: 2 },
                { name: 'use-api', test: inSrc('lib/api\\.ts', 'lib/use-api'), priority: 1 },
                // Members' Markdown (member pages only): the parser with the renderer, which imports
                // React from the entry. The parser alone imported nothing from the entry, so Rolldown
                // moved its module helpers out of the entry into a chunk of their own: one more file
                // (429 bytes) in every public page's first load.
                {
                  name: 'markdown',
                  test: /\/(node_modules\/(micromark[^/]*|mdast-util-[^/]+|decode-named-character-reference|character-entities|devlop|unist-util-stringify-position)\/|contract\/src\/markdown\.ts|web\/src\/components\/ui\/member-text\.tsx)/,
                  // Not the renderer's own imports (links, @mentions): other pages share those.
                  includeDependenciesRecursively: false,
                  priority: 1,
                },
                {
                  name: 'content-ui',
                  test: inSrc(
                    'features/content/api/(articles|events|pages|podcasts|research|types)',
                    'features/content/components/(audio-player|cards|content-list|content-section|content-state|cover-image|content-detail|entry-text)',
                    'components/ui/(markdown|page)',
                    'hooks/use-page-title',
                    'lib/(format-date|page-meta)',
                    'messages/content',
                  ),
                  priority: 1,
                },
              ],
            },
          },
        },
      },
}));
