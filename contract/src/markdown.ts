/**
 * Members' Markdown (posts and comments), parsed once for the web and the server alike:
 * `mdast-util-from-markdown` (micromark, the CommonMark parser of the unified collective) turns the
 * text into a syntax tree, never into HTML. The web renders that tree to React elements
 * (`web/src/components/ui/member-text.tsx`); the server and the cards take its plain text
 * (`markdownToPlainText`) for excerpts, mails, notifications and search snippets.
 *
 * Safety is by construction: raw HTML in the text is an `html` node, shown as the characters the
 * member typed; images are not loaded (their alt text shows, as a link when the address is safe);
 * only http(s) and mailto addresses become links (`safeMemberUrl`).
 */
import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';

export type { Nodes as MarkdownNode, Root as MarkdownRoot } from 'mdast';

/**
 * Limits that keep a hostile text (a post is up to 20,000 characters) from hanging or crashing the
 * parser, which recurses per level of nesting and spends quadratic time on nested emphasis:
 * 20,000 `>` overflowed the stack, 10,000 `*` around a word took over ten seconds. No one writes
 * more than a few levels of quotes or lists on one line, or runs of more than a few `*`/`_`.
 */
export const markdownLimits = {
  /** Quote and list markers that open containers on one line (`> > - 1. …`). */
  nestingPerLine: 16,
  /** `*` and `_` in the whole text, and the longest run of one of them. */
  emphasisMarkers: 1_000,
  emphasisRun: 32,
  /** `[` in the whole text: past this, links and images are left as typed (matching them is quadratic). */
  linkBrackets: 1_000,
} as const;

/** A quote or list marker at the start of what is left of the line (sticky: read from lastIndex). */
const containerMarker = /[ \t]*(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))/y;

/**
 * The line with its container markers beyond `nestingPerLine` escaped (`\>`, `\-`, `1\.`), so the
 * rest of the line is text in the deepest container allowed. Lines within the limit stay as typed.
 */
function capNesting(line: string): string {
  let at = 0;
  for (let depth = 1; ; depth++) {
    containerMarker.lastIndex = at;
    const match = containerMarker.exec(line);
    if (!match) return line;
    at = containerMarker.lastIndex;
    if (depth > markdownLimits.nestingPerLine) return `${line.slice(0, at - 1)}\\${line.slice(at - 1)}`;
  }
}

/** The constructs to leave unparsed: emphasis or links, when the text has too many of their markers. */
function overLimits(text: string): string[] {
  let markers = 0;
  let run = 0;
  let brackets = 0;
  let previous = '';
  let emphasis = false;
  for (const char of text) {
    if (char === '*' || char === '_') {
      markers++;
      run = char === previous ? run + 1 : 1;
      if (markers > markdownLimits.emphasisMarkers || run > markdownLimits.emphasisRun) emphasis = true;
    } else if (char === '[') {
      brackets++;
    }
    previous = char;
  }
  return [
    ...(emphasis ? ['attention'] : []),
    ...(brackets > markdownLimits.linkBrackets ? ['labelStartLink', 'labelStartImage', 'labelEnd'] : []),
  ];
}

/**
 * The member's text as a Markdown syntax tree (CommonMark; raw HTML stays an inert `html` node).
 * Within `markdownLimits` exactly CommonMark; beyond them, the deeper quote/list markers of a line
 * are text, and a text with too many `*`/`_` (or `[`) keeps them all as typed (no bold or italic, or
 * no links).
 */
export function parseMarkdown(text: string): Root {
  const normalized = text.replace(/\r\n?/g, '\n').split('\n').map(capNesting).join('\n');
  const disabled = overLimits(normalized);
  return fromMarkdown(
    normalized,
    disabled.length > 0 ? { extensions: [{ disable: { null: disabled } }] } : undefined,
  );
}

/** Only web and mail addresses: `javascript:`, `data:`, `vbscript:`, relative paths… are no link. */
export function safeMemberUrl(url: string): string | null {
  const trimmed = url.trim();
  if (/^https?:\/\/[^\s/]/i.test(trimmed)) return trimmed;
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(trimmed)) return trimmed;
  return null;
}

/** Link references resolved against the text's definitions (`[tekst][1]` … `[1]: https://…`). */
export function markdownDefinitions(root: Root): Map<string, string> {
  const map = new Map<string, string>();
  // Definitions may stand in a quote or a list item too (the parser resolves those references):
  // the whole tree, first definition of a label wins (CommonMark). The tree's depth is bounded.
  const walk = (node: Nodes) => {
    if (node.type === 'definition' && !map.has(node.identifier)) map.set(node.identifier, node.url);
    if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(root);
  return map;
}

const BLOCKS = new Set(['paragraph', 'heading', 'blockquote', 'list', 'listItem', 'code', 'thematicBreak']);
/** Where an `html` node is a block of its own (elsewhere it is inline, within a paragraph). */
const CONTAINERS = new Set(['root', 'blockquote', 'listItem']);

/**
 * The text without its markup: what a reader sees, blocks on their own lines, link texts kept
 * (not their addresses), image alt texts kept, raw HTML kept as typed (it shows that way too).
 */
export function markdownToPlainText(text: string): string {
  const out: string[] = [];
  const walk = (node: Nodes, parent?: Nodes) => {
    switch (node.type) {
      case 'text':
      case 'inlineCode':
        out.push(node.value);
        return;
      case 'code':
        out.push(node.value);
        break;
      case 'html':
        out.push(node.value);
        if (parent && CONTAINERS.has(parent.type)) out.push('\n\n');
        return;
      case 'image':
      case 'imageReference':
        out.push(node.alt ?? '');
        return;
      case 'break':
        out.push('\n');
        return;
      case 'definition':
        return;
      default:
        if ('children' in node) for (const child of node.children) walk(child, node);
    }
    if (BLOCKS.has(node.type)) out.push('\n\n');
  };
  walk(parseMarkdown(text));
  return out
    .join('')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A quote of someone's text for a reply: every line behind '> ', then an empty line to write on. */
export function quoteMarkdown(text: string, name?: string): string {
  const body = text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
  return `${name ? `> **${name}** schreef:\n>\n` : ''}${body}\n\n`;
}
