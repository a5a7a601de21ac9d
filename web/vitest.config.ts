import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { localWebConfig } from './scripts/web-config.ts';

export default defineProject({
  plugins: [react({ jsxImportSource: '@emotion/react' })],
  // The local stack's Firebase settings, as in a local build (vite.config.ts).
  define: { __KRING_WEB_CONFIG__: JSON.stringify(localWebConfig({})) },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // The suite runs beside the functions project on 2 cores: a test that types into a form and
    // imports a lazy chunk took over the default 5 s there (article-community, header).
    testTimeout: 15_000,
  },
});
