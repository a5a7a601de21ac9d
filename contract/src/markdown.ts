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

/** The member's text as a Markdown syntax tree (CommonMark; raw HTML stays an inert `html` node). */
export function parseMarkdown(text: string): Root {
  return fromMarkdown(text.replace(/\r\n?/g, '\n'));
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
  for (const node of root.children) {
    if (node.type === 'definition' && !map.has(node.identifier)) map.set(node.identifier, node.url);
  }
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
