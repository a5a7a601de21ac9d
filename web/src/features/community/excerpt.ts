/**
 * A post's opening for its card: plain text on one line, about `max` characters, cut at a word
 * with '…' (a word longer than a third of the room is cut where the room ends).
 */
export function excerpt(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const room = flat.slice(0, max);
  const lastSpace = room.lastIndexOf(' ');
  const cut = lastSpace >= (max * 2) / 3 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s.,;:!?…-]+$/u, '')}…`;
}
