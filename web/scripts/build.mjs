// The production build: the SPA into dist/, then the server render into functions/dist/ssr/
// (vite.config.ts moves dist/index.html there as the render's template).
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const logLevel = process.argv.includes('--quiet') ? 'warn' : 'info';
await build({ root, logLevel });
await build({ root, logLevel, build: { ssr: 'src/app/server/entry-server.tsx' } });
