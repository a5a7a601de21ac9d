import { measurementId } from './env.ts';

/**
 * The Firebase settings of the project this bundle was built for, decided at build time by
 * web/scripts/web-config.ts (vite.config.ts defines `__KRING_WEB_CONFIG__`): the emulators'
 * `demo-kring` for the local stack, the dev server and the tests (web/.env may override), and
 * `web/.env.<projectId>` for a deploy. A production bundle carries only its project's values.
 */
declare const __KRING_WEB_CONFIG__: {
  firebase: { apiKey: string; projectId: string; authDomain: string; databaseURL: string };
  useEmulators: boolean;
  authEmulatorUrl?: string;
  rtdbEmulator?: { host: string; port: number };
};

const built = __KRING_WEB_CONFIG__;

export const config = {
  ...built,
  firebase: { ...built.firebase, measurementId },
} as const;
