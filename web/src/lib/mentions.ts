/**
 * Mentions in member text (docs/community-api.md, "Mentions"): splits a piece of text into plain
 * strings and the `@name`s the API says the post or comment mentions (`post.mentions`,
 * `comment.mentions`). Any other `@word` stays text. Pure, so any renderer can use it on its text
 * nodes: PlainText today, the Markdown renderer's text nodes later (components/ui/mention-link.tsx
 * draws a part as a link to the profile).
 */

import type { MentionedMember } from '@kring/contract';
import { mentionMatches } from '@kring/contract/mentions';

export type MentionPart = string | { member: MentionedMember; text: string };

/** The parts of `text` read in NFC (how the server reads it; it looks the same on screen). */
export function mentionParts(text: string, mentions: readonly MentionedMember[]): MentionPart[] {
  if (mentions.length === 0 || !text.includes('@')) return [text];
  const nfc = text.normalize('NFC');
  const byName = new Map(mentions.map((m) => [m.name.toLowerCase(), m]));
  const parts: MentionPart[] = [];
  let at = 0;
  for (const match of mentionMatches(nfc)) {
    const member = byName.get(match.name.toLowerCase());
    if (!member) continue;
    if (match.at > at) parts.push(nfc.slice(at, match.at));
    parts.push({ member, text: `@${match.name}` });
    at = match.at + 1 + match.name.length;
  }
  if (at < nfc.length) parts.push(nfc.slice(at));
  return parts;
}
