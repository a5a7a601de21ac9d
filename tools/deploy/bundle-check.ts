/**
 * What a production artefact must not carry: the local stack's addresses and demo keys. Used by the
 * deploy-safety tests and the production rehearsal (a production web bundle, the Hosting headers).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Values only the local stack has. Deliberately not bare `localhost` or `demo-`: the Firebase SDK,
 * react-router and linkify-it carry `http://localhost` and `demo-project` in their own code.
 */
export const LOCAL_VALUES: readonly RegExp[] = [
  /127\.0\.0\.1/,
  /localhost:\d+/,
  /\[::1\]/,
  /\bdemo-kring\b/,
  /\bdemo-api-key\b/,
  /\?ns=[a-z0-9-]+-default-rtdb/, // the Realtime Database emulator's namespace parameter
];

/** Every file under `dir` (JavaScript, HTML, robots.txt, …) with the local values it contains. */
export function localValuesIn(dir: string): { file: string; found: string[] }[] {
  const hits: { file: string; found: string[] }[] = [];
  const visit = (path: string) => {
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
      return;
    }
    if (!/\.(js|mjs|html|txt|json|xml|webmanifest)$/.test(path)) return;
    const text = readFileSync(path, 'utf8');
    const found = LOCAL_VALUES.flatMap((pattern) => text.match(pattern)?.[0] ?? []);
    if (found.length) hits.push({ file: path.slice(dir.length + 1), found });
  };
  visit(dir);
  return hits;
}

/** Loopback and plain-websocket origins in a Content-Security-Policy value. */
export function loopbackOrigins(csp: string): string[] {
  return csp
    .split(/[;\s]+/)
    .filter((source) => /^(https?|wss?):\/\/(127\.0\.0\.1|localhost|\[::1\])|^ws:\/\//.test(source));
}

interface HostingConfig {
  hosting: { headers?: { source: string; headers: { key: string; value: string }[] }[] };
}

/** Every Content-Security-Policy value of a firebase.json's Hosting headers. */
export function cspValues(firebaseJson: HostingConfig): string[] {
  return (firebaseJson.hosting.headers ?? []).flatMap((rule) =>
    rule.headers.filter((h) => h.key.toLowerCase() === 'content-security-policy').map((h) => h.value),
  );
}
