/**
 * Mentions in member text (docs/community-api.md, "Mentions"): splits a piece of text into plain
 * strings and the `@name`s the API says the post or comment mentions (`post.mentions`,
 * `comment.mentions`). Any other `@word` stays text. Pure, so any renderer can use it on its text
 * nodes: PlainText today, the Markdown renderer's text nodes later (components/ui/mention-link.tsx
 * draws a part as a link to the profile).
 */

import type { MentionedMember } from '@kring/contract';
import { mentionPattern } from '@kring/contract/mentions';

export type MentionPart = string | { member: MentionedMember; text: string };

export function mentionParts(text: string, mentions: readonly MentionedMember[]): MentionPart[] {
  if (mentions.length === 0 || !text.includes('@')) return [text];
  const byName = new Map(mentions.map((m) => [m.name.toLowerCase(), m]));
  const parts: MentionPart[] = [];
  let at = 0;
  for (const match of text.matchAll(mentionPattern())) {
    const member = byName.get(match[2]!.toLowerCase());
    if (!member) continue;
    const start = match.index + match[1]!.length;
    if (start > at) parts.push(text.slice(at, start));
    parts.push({ member, text: `@${match[2]}` });
    at = start + 1 + match[2]!.length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
