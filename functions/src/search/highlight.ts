import type { Highlight } from '@kring/contract';

/**
 * Marks the words of a result text that match the query. Postgres decides what matches (the same
 * Dutch stems the index holds, see search.repo.ts dutchStems); this file only cuts the text into
 * words, picks the candidates worth asking about, and builds the marked pieces and the snippet.
 */

const wordPattern = /[\p{L}\p{N}]+/gu;

/** Lower case without accents: the form whose stem is compared. */
export const foldWord = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The folded words of a text that could stem to one of the lexemes (same first letters). */
export function candidateWords(texts: string[], lexemes: string[]): string[] {
  const prefixes = lexemes.map((l) => l.slice(0, Math.min(3, l.length)));
  const found = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(wordPattern)) {
      const word = foldWord(match[0]);
      if (prefixes.some((p) => word.startsWith(p))) found.add(word);
    }
  }
  return [...found];
}

/** The text cut into marked and unmarked pieces; `isMatch` gets the folded word. */
export function markWords(text: string, isMatch: (folded: string) => boolean): Highlight {
  const parts: Highlight = [];
  let at = 0;
  for (const match of text.matchAll(wordPattern)) {
    if (!isMatch(foldWord(match[0]))) continue;
    if (match.index > at) parts.push({ text: text.slice(at, match.index), mark: false });
    parts.push({ text: match[0], mark: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), mark: false });
  return parts;
}

/**
 * About `length` characters of `text` around its first match (the start when nothing matches),
 * cut at word boundaries, with '…' where text was left out; whitespace runs become one space.
 */
export function snippet(rawText: string, isMatch: (folded: string) => boolean, length = 220): Highlight {
  const text = rawText.replace(/\s+/g, ' ').trim();
  let first = -1;
  for (const match of text.matchAll(wordPattern)) {
    if (isMatch(foldWord(match[0]))) {
      first = match.index;
      break;
    }
  }
  let start = first <= 60 ? 0 : first - 60;
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space === -1 || space >= first ? start : space + 1;
  }
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start + length / 2) end = space;
  }
  const parts = markWords(text.slice(start, end), isMatch);
  if (start > 0) parts.unshift({ text: '…', mark: false });
  if (end < text.length) parts.push({ text: '…', mark: false });
  return mergePlain(parts);
}

function mergePlain(parts: Highlight): Highlight {
  const out: Highlight = [];
  for (const part of parts) {
    const last = out.at(-1);
    if (last && !last.mark && !part.mark) last.text += part.text;
    else out.push({ ...part });
  }
  return out;
}

/** Marks where `q` occurs in a name (case and accents ignored); the whole name when it does not. */
export function markSubstring(name: string, q: string): Highlight {
  const folded = foldWord(name);
  const needle = foldWord(q);
  // Folding can change lengths (rare letters); then no mark rather than a wrong one.
  const at = folded.length === name.length ? folded.indexOf(needle) : -1;
  if (at === -1 || needle.length === 0) return [{ text: name, mark: false }];
  return mergePlain(
    [
      { text: name.slice(0, at), mark: false },
      { text: name.slice(at, at + needle.length), mark: true },
      { text: name.slice(at + needle.length), mark: false },
    ].filter((p) => p.text.length > 0),
  );
}

/** Markdown (kennisbank bodies) as plain text: link texts kept, markup characters dropped. */
export const plainMarkdown = (markdown: string) =>
  markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`~]+/g, '');
