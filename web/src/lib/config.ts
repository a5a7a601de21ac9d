import { measurementId, readEnv as read } from './env.ts';

/**
 * With env.ts, the only reader of Vite env values. Without any env file the app runs against the local stack:
 * a Firebase project id starting with "demo-" is emulator-only by Firebase's own convention.
 */
const env = import.meta.env;
const projectId = read(env.VITE_FIREBASE_PROJECT_ID) ?? 'demo-kring';
const useEmulatorsFlag = read(env.VITE_USE_EMULATORS);
const useEmulators =
  useEmulatorsFlag === undefined ? projectId.startsWith('demo-') : useEmulatorsFlag === 'true';
const rtdbEmulatorHost = read(env.VITE_RTDB_EMULATOR_HOST) ?? '127.0.0.1:9000';

export const config = {
  firebase: {
    apiKey: read(env.VITE_FIREBASE_API_KEY) ?? 'demo-api-key',
    projectId,
    authDomain: read(env.VITE_FIREBASE_AUTH_DOMAIN) ?? `${projectId}.firebaseapp.com`,
    databaseURL:
      read(env.VITE_DATABASE_URL) ??
      (useEmulators
        ? `http://${rtdbEmulatorHost}?ns=${projectId}-default-rtdb`
        : `https://${projectId}-default-rtdb.europe-west1.firebasedatabase.app`),
    measurementId,
  },
  useEmulators,
  authEmulatorUrl: read(env.VITE_AUTH_EMULATOR_URL) ?? 'http://127.0.0.1:9099',
  rtdbEmulator: (() => {
    const [host = '127.0.0.1', port = '9000'] = rtdbEmulatorHost.split(':');
    return { host, port: Number(port) };
  })(),
} as const;
