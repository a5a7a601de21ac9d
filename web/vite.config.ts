import { cpSync, existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

function cmsSeedMedia(): Plugin {
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
  };
}

// The SPA is served by the Hosting emulator (:5000) from dist/; `vite` (:5173) is the hot-reload
// alternative and sends API and content calls to the same Hosting rewrite.
export default defineConfig({
  root: webRoot,
  plugins: [react({ jsxImportSource: '@emotion/react' }), cmsSeedMedia()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: { '/web': 'http://127.0.0.1:5000' },
  },
  preview: { host: '127.0.0.1', port: 4173, proxy: { '/web': 'http://127.0.0.1:5000' } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
