/**
 * The web app's Firebase settings, decided when the app is built (vite.config.ts puts the result into
 * the bundle as `__KRING_WEB_CONFIG__`; web/src/lib/config.ts reads it). Node-side only.
 *
 * - A build for a project whose id starts with `demo-` (the local stack's `demo-kring`, the default
 *   when GCLOUD_PROJECT is unset), the Vite dev server and the tests talk to the emulators, exactly
 *   as before: web/.env may override, and nothing needs to be set.
 * - A build for any other project (a deploy: firebase-tools runs the predeploy hooks with
 *   GCLOUD_PROJECT set to the project it deploys to) reads `web/.env.<projectId>` and nothing else,
 *   and stops with a message naming what is missing or wrong. No demo value and no emulator address
 *   can get into such a bundle: the local branch below is not in it at all.
 *
 * Firebase web settings are public identifiers (every visitor's browser receives them), so
 * `web/.env.<projectId>` is committed (docs/deploy.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';

export interface WebConfig {
  firebase: { apiKey: string; projectId: string; authDomain: string; databaseURL: string };
  useEmulators: boolean;
  /** Only in local builds. */
  authEmulatorUrl?: string;
  rtdbEmulator?: { host: string; port: number };
}

export interface WebBuild {
  /** The project the bundle is for. */
  projectId: string;
  production: boolean;
  config: WebConfig;
  /** The site's public address (robots.txt names the sitemap with it). */
  publicBaseUrl: string;
  /** Google Analytics; empty: no analytics (web/src/lib/env.ts). Production builds only. */
  measurementId?: string;
}

export const LOCAL_PROJECT = 'demo-kring';

const read = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? undefined : value.trim();

/** The project a build is for: firebase-tools sets GCLOUD_PROJECT for predeploy hooks. */
export function buildProject(env: NodeJS.ProcessEnv = process.env): string {
  return read(env.GCLOUD_PROJECT) ?? LOCAL_PROJECT;
}

export const isLocalProject = (projectId: string) => projectId.startsWith('demo-');

/** The local stack's settings, with the same fallbacks as always (web/.env.example). */
export function localWebConfig(
  values: Record<string, string | undefined>,
  project = LOCAL_PROJECT,
): WebConfig {
  const projectId = read(values.VITE_FIREBASE_PROJECT_ID) ?? project;
  const flag = read(values.VITE_USE_EMULATORS);
  const useEmulators = flag === undefined ? projectId.startsWith('demo-') : flag === 'true';
  const rtdbEmulatorHost = read(values.VITE_RTDB_EMULATOR_HOST) ?? '127.0.0.1:9000';
  const [host = '127.0.0.1', port = '9000'] = rtdbEmulatorHost.split(':');
  return {
    firebase: {
      apiKey: read(values.VITE_FIREBASE_API_KEY) ?? 'demo-api-key',
      projectId,
      authDomain: read(values.VITE_FIREBASE_AUTH_DOMAIN) ?? `${projectId}.firebaseapp.com`,
      databaseURL:
        read(values.VITE_DATABASE_URL) ??
        (useEmulators
          ? `http://${rtdbEmulatorHost}?ns=${projectId}-default-rtdb`
          : `https://${projectId}-default-rtdb.europe-west1.firebasedatabase.app`),
    },
    useEmulators,
    authEmulatorUrl: read(values.VITE_AUTH_EMULATOR_URL) ?? 'http://127.0.0.1:9099',
    rtdbEmulator: { host, port: Number(port) },
  };
}

/** Addresses and keys that only exist on a developer's machine or in the emulators. */
const LOCAL_VALUE = /127\.0\.0\.1|localhost|\[::1\]|0\.0\.0\.0|(^|[^a-z0-9])demo-|^ws:/i;

/** The settings of a production build, from `web/.env.<projectId>` alone; throws what is wrong. */
export function productionWebBuild(projectId: string, webDir: string): WebBuild {
  const file = join(webDir, `.env.${projectId}`);
  const where = `web/.env.${projectId}`;
  const help =
    `The values are in the Firebase console: Project settings → General → Your apps → the web app's config ` +
    `(docs/deploy.md, "Web settings"). web/.env.kring-rehearsal is a complete example.`;
  if (!existsSync(file)) {
    throw new Error(
      `A production build for project "${projectId}" needs ${where} (VITE_FIREBASE_API_KEY, ` +
        `VITE_FIREBASE_AUTH_DOMAIN, VITE_DATABASE_URL, PUBLIC_BASE_URL) and it does not exist. ${help}`,
    );
  }
  const values = parseEnv(readFileSync(file, 'utf8')) as Record<string, string | undefined>;
  const problems: string[] = [];
  const required = (name: string, check?: (value: string) => string | undefined) => {
    const value = read(values[name]);
    if (value === undefined) {
      problems.push(`${name} is missing`);
      return '';
    }
    if (LOCAL_VALUE.test(value)) {
      problems.push(`${name}=${value} is a local or demo value`);
      return value;
    }
    const problem = check?.(value);
    if (problem) problems.push(`${name}=${value}: ${problem}`);
    return value;
  };
  const apiKey = required('VITE_FIREBASE_API_KEY', (v) =>
    /^AIza[0-9A-Za-z_-]{35}$/.test(v)
      ? undefined
      : 'a Firebase web API key is 39 characters starting with AIza',
  );
  const authDomain = required('VITE_FIREBASE_AUTH_DOMAIN', (v) =>
    /^[a-z0-9.-]+$/i.test(v) ? undefined : 'a host name without https://',
  );
  const databaseURL = required('VITE_DATABASE_URL', (v) =>
    /^https:\/\/[a-z0-9-]+\.(firebaseio\.com|[a-z0-9-]+\.firebasedatabase\.app)\/?$/.test(v)
      ? undefined
      : 'the Realtime Database URL, https://<name>.<region>.firebasedatabase.app',
  );
  const publicBaseUrl = required('PUBLIC_BASE_URL', (v) =>
    /^https:\/\/[^/]+$/.test(v.replace(/\/+$/, ''))
      ? undefined
      : 'the site address, https://… without a path',
  );
  const declaredProject = read(values.VITE_FIREBASE_PROJECT_ID);
  if (declaredProject !== undefined && declaredProject !== projectId)
    problems.push(
      `VITE_FIREBASE_PROJECT_ID=${declaredProject} is not the project being built (${projectId})`,
    );
  if (read(values.VITE_USE_EMULATORS) === 'true') problems.push('VITE_USE_EMULATORS=true');
  for (const name of ['VITE_AUTH_EMULATOR_URL', 'VITE_RTDB_EMULATOR_HOST', 'VITE_STORAGE_EMULATOR_HOST']) {
    if (read(values[name]) !== undefined) problems.push(`${name} is set (emulators only)`);
  }
  const measurementId = read(values.VITE_MEASUREMENT_ID);
  if (measurementId !== undefined && !/^G-[A-Z0-9]+$/.test(measurementId))
    problems.push(`VITE_MEASUREMENT_ID=${measurementId}: a Google Analytics id is G-…`);
  if (problems.length) {
    throw new Error(
      `${where} cannot build project "${projectId}" for production:\n  - ${problems.join('\n  - ')}\n${help}`,
    );
  }
  return {
    projectId,
    production: true,
    config: { firebase: { apiKey, projectId, authDomain, databaseURL }, useEmulators: false },
    publicBaseUrl: publicBaseUrl.replace(/\/+$/, ''),
    measurementId,
  };
}

/**
 * What a build is for: production settings for a real project, the local stack's otherwise.
 * `localValues` are the Vite env values of a local build (web/.env and friends).
 */
export function webBuild(
  projectId: string,
  webDir: string,
  localValues: Record<string, string | undefined>,
  env: NodeJS.ProcessEnv = process.env,
): WebBuild {
  if (!isLocalProject(projectId)) return productionWebBuild(projectId, webDir);
  return {
    projectId,
    production: false,
    config: localWebConfig(localValues, projectId),
    publicBaseUrl: (read(env.PUBLIC_BASE_URL) ?? 'http://127.0.0.1:5000').replace(/\/+$/, ''),
  };
}
