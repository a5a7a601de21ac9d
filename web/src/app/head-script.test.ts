import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_CLASS, SIGNED_IN_KEY } from '../lib/session-hint.ts';

// Issue 27 review: the header's account area shows 'Inloggen' or the spinner by a class on <html>.
// boot.ts is a module script, run after the page may have been painted: a signed-in member would see
// the visitor's header first. A classic script in <head> sets the class before the first paint; the
// production CSP allows it by its hash (no 'unsafe-inline').
const here = typeof __dirname === 'string' ? __dirname : dirname(fileURLToPath(import.meta.url));
const indexHtml = readFileSync(join(here, '../../index.html'), 'utf8');
const firebaseJson = readFileSync(join(here, '../../../firebase.json'), 'utf8');
const head = indexHtml.slice(0, indexHtml.indexOf('</head>'));
const inline = [...head.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1] ?? '');

/** Runs the head's scripts with this page's storage (or one the browser blocks). */
const runHeadScript = (storage: Pick<Storage, 'getItem'> = window.localStorage) => {
  for (const code of inline) new Function('localStorage', 'document', code)(storage, document);
};
const hasClass = () => document.documentElement.classList.contains(SESSION_CLASS);

afterEach(() => {
  window.localStorage.clear();
  document.documentElement.classList.remove(SESSION_CLASS);
});

describe("index.html's head, before any module runs", () => {
  it('marks <html> for a browser that may have a session, and only for it', () => {
    expect(inline).toHaveLength(1);
    runHeadScript();
    expect(hasClass()).toBe(false);

    window.localStorage.setItem(SIGNED_IN_KEY, 'u1');
    runHeadScript();
    expect(hasClass()).toBe(true);

    document.documentElement.classList.remove(SESSION_CLASS);
    window.localStorage.clear();
    runHeadScript({
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    expect(hasClass()).toBe(true);
  });

  it("is allowed by the production CSP's script-src by its hash", () => {
    const csp = (
      JSON.parse(firebaseJson) as { hosting: { headers: { headers: { key: string; value: string }[] }[] } }
    ).hosting.headers
      .flatMap((rule) => rule.headers)
      .filter((header) => header.key === 'Content-Security-Policy')
      .map((header) => header.value);
    expect(csp.length).toBeGreaterThan(0);
    for (const code of inline) {
      const hash = `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
      for (const policy of csp)
        expect(policy.split(';').find((d) => d.trim().startsWith('script-src'))).toContain(hash);
    }
  });
});
