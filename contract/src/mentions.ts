import { limits } from './limits.ts';

/**
 * `@name` in a post or comment (docs/community-api.md, "Mentions"). A name has the characters a
 * user name may have (contract/user-name.ts). It counts only at the start or after a character that
 * cannot be part of a word, an address or a path: `sanne@kring.nl` and `https://x.nl/@sanne` name
 * nobody. A combining accent right after the name means the name goes on (text in NFD), so the
 * pattern does not stop there; `mentionMatches` reads the text in NFC, the form names are stored in.
 */
const nameChars = 'A-Za-z0-9_\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u00FF\\u0100-\\u017F';
export const mentionPattern = (): RegExp =>
  new RegExp(
    `(^|[^${nameChars}@./:])@([${nameChars}]{${limits.userNameMin},${limits.userNameMax}})(?![${nameChars}\\u0300-\\u036F])`,
    'g',
  );

/** From a `/` or `www.` to the next space: a web address, where an `@` names nobody (`?u=@sanne`). */
const addressTail = /(?:\/|www\.)\S*/gi;

/**
 * The `@name`s of a text in order: where the `@` is and the name as written. `text` must be in NFC
 * (`text.normalize('NFC')`) for the names to compare with the stored ones. Linear in the text.
 */
export function mentionMatches(text: string): { at: number; name: string }[] {
  const addresses = [...text.matchAll(addressTail)].map((m) => [m.index, m.index + m[0].length] as const);
  const found: { at: number; name: string }[] = [];
  let next = 0;
  for (const match of text.matchAll(mentionPattern())) {
    const at = match.index + match[1]!.length;
    while (next < addresses.length && addresses[next]![1] <= at) next++;
    if (next < addresses.length && addresses[next]![0] < at) continue;
    found.push({ at, name: match[2]! });
  }
  return found;
}

/**
 * The distinct names mentioned in a text, in order of first appearance, compared case-insensitively
 * (in NFC, the form user names are stored in).
 */
export function mentionedNames(text: string): string[] {
  const seen = new Map<string, string>();
  for (const { name } of mentionMatches(text.normalize('NFC'))) {
    const key = name.toLowerCase();
    if (!seen.has(key)) seen.set(key, name);
  }
  return [...seen.values()];
}

export const mentionMessages = {
  tooMany: `Je kunt in één bericht of reactie maximaal ${limits.mentionsMax} leden noemen.`,
} as const;
