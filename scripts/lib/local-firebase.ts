/**
 * The local stack's Firebase config: the committed firebase.json (production's, no local origin in
 * its CSP) plus the emulators' loopback origins, written to the git-ignored firebase.local.json next
 * to it and passed to the emulators with `--config`. Paths in it stay relative to the repository.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the browser reaches on the local stack besides the site: Auth 9099, RTDB 9000 (ws, and its
 * long-polling fallback's <script> frames), Storage 9199.
 */
export const LOCAL_CSP_SOURCES: Readonly<Record<string, readonly string[]>> = {
  'script-src': ['http://127.0.0.1:*'],
  'img-src': ['http://127.0.0.1:*'],
  'connect-src': ['http://127.0.0.1:*', 'ws://127.0.0.1:*'],
  'frame-src': ['http://127.0.0.1:*'],
};

/** A CSP with the local origins added to their directives. */
export function withLocalSources(csp: string): string {
  return csp
    .split(';')
    .map((directive) => {
      const [name = ''] = directive.trim().split(/\s+/);
      const extra = LOCAL_CSP_SOURCES[name];
      return extra ? `${directive.trimEnd()} ${extra.join(' ')}` : directive;
    })
    .join(';');
}

interface FirebaseJson {
  hosting: { headers?: { source: string; headers: { key: string; value: string }[] }[] };
}

/** firebase.json as the local stack uses it. */
export function localFirebaseConfig<T extends FirebaseJson>(production: T): T {
  const config = structuredClone(production);
  for (const rule of config.hosting.headers ?? []) {
    for (const header of rule.headers) {
      if (header.key.toLowerCase() === 'content-security-policy')
        header.value = withLocalSources(header.value);
    }
  }
  return config;
}

export const LOCAL_CONFIG_FILE = 'firebase.local.json';

/** Writes firebase.local.json from firebase.json; returns its path (for `firebase --config`). */
export function writeLocalFirebaseConfig(root: string): string {
  const production = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as FirebaseJson;
  const path = join(root, LOCAL_CONFIG_FILE);
  writeFileSync(path, `${JSON.stringify(localFirebaseConfig(production), null, 2)}\n`);
  return path;
}
