/**
 * Member pages' route-level `<link rel="modulepreload">` hints (issue 26): the web build writes them
 * per member page to member-hints.json beside the server render (web/src/app/server/member-hints.ts);
 * the page for a matching path gets its hints in the head, so the browser fetches the app, the Auth
 * SDK and the page's code together with the HTML instead of in waves. Other pages get none.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

interface MemberHints {
  pattern: string;
  html: string;
}
interface Matcher {
  path: RegExp;
  html: string;
}

/** `/community/bericht/:id` → a regular expression for that path (one segment per parameter). */
const toRegExp = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
  );

/** The hints of the build in `dir`; none when it has no file (an older build). */
export async function loadMemberHints(dir: string): Promise<Matcher[]> {
  const text = await readFile(join(dir, 'member-hints.json'), 'utf8').catch(() => null);
  if (text === null) return [];
  return (JSON.parse(text) as MemberHints[]).map((hints) => ({
    path: toRegExp(hints.pattern),
    html: hints.html,
  }));
}

/** `html` with the hints of the member page at `path` in its head; unchanged for any other path. */
export function withMemberHints(html: string, path: string, hints: Matcher[]): string {
  const match = hints.find((hint) => hint.path.test(path));
  if (!match) return html;
  return html.replace('</head>', () => `${match.html}</head>`);
}
