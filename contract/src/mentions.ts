import { limits } from './limits.ts';

/**
 * `@name` in a post or comment (docs/community-api.md, "Mentions"). A name has the characters a
 * user name may have (contract/user-name.ts). It counts only at the start or after a character that
 * cannot be part of a word, an address or a path: `sanne@kring.nl` and `https://x.nl/@sanne` name
 * nobody.
 */
const nameChars = 'A-Za-z0-9_\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u00FF\\u0100-\\u017F';
export const mentionPattern = (): RegExp =>
  new RegExp(
    `(^|[^${nameChars}@./:])@([${nameChars}]{${limits.userNameMin},${limits.userNameMax}})(?![${nameChars}])`,
    'g',
  );

/** The distinct names mentioned in a text, in order of first appearance, compared case-insensitively. */
export function mentionedNames(text: string): string[] {
  const seen = new Map<string, string>();
  for (const match of text.matchAll(mentionPattern())) {
    const name = match[2]!;
    const key = name.toLowerCase();
    if (!seen.has(key)) seen.set(key, name);
  }
  return [...seen.values()];
}

export const mentionMessages = {
  tooMany: `Je kunt in één bericht of reactie maximaal ${limits.mentionsMax} leden noemen.`,
} as const;
