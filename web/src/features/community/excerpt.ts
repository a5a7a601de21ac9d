import { markdownToPlainText } from '@kring/contract/markdown';

/**
 * A post's opening for its card: its Markdown as plain text (the markup stripped by the same parser
 * that renders it) on one line, about `max` characters, cut at a word
 * with '…' (a word longer than a third of the room is cut where the room ends).
 */
export function excerpt(markdown: string, max = 200): string {
  const flat = markdownToPlainText(markdown).replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const room = flat.slice(0, max);
  const lastSpace = room.lastIndexOf(' ');
  const cut = lastSpace >= (max * 2) / 3 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s.,;:!?…-]+$/u, '')}…`;
}
