/**
 * Where the `@name` being typed is, and what choosing a member does to the text: pure functions for
 * the mention list (hooks/use-mention-combobox.tsx). The characters are a user name's
 * (contract/user-name.ts); an `@` inside a word, an address or a path starts nothing, as on the server
 * (contract/mentions.ts).
 */
import { limits } from '@kring/contract/limits';

const nameChars = 'A-Za-z0-9_\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u00FF\\u0100-\\u017F';
const typing = new RegExp(`(^|[^${nameChars}@./:])@([${nameChars}]{0,${limits.userNameMax}})$`);

/** The mention being typed right before the caret: where its `@` is and the name so far. */
export function activeMention(text: string, caret: number): { start: number; query: string } | null {
  const match = typing.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: match.index + match[1]!.length, query: match[2]! };
}

/** Replaces the `@…` from `start` to `caret` by `@name ` and says where the caret goes. */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  name: string,
): { text: string; caret: number } {
  const before = text.slice(0, start);
  const after = text.slice(caret);
  const inserted = `@${name}${after.startsWith(' ') ? '' : ' '}`;
  return {
    text: before + inserted + after,
    caret: before.length + inserted.length + (after.startsWith(' ') ? 1 : 0),
  };
}
