/**
 * A small Markdown renderer for CMS texts (headings, paragraphs, lists, quotes, bold, italic, code,
 * links). It builds React elements, never HTML strings, so CMS text cannot inject markup; links
 * other than http(s), mailto, tel and site paths are shown as plain text.
 */
import { css } from '@emotion/react';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { fragmentId, hasUnsafeCharacter, linkKind } from '../../lib/safe-link.ts';
import { colors } from './theme.ts';

type Block =
  | { kind: 'heading'; level: 2 | 3 | 4; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'quote'; text: string };

export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };

  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trimEnd();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (line.trim() === '') {
      flush();
    } else if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: (heading[1] ?? '#').length as 2, text: heading[2] ?? '' });
    } else if (/^\s*([-*+]|\d+[.)])\s+/.test(line)) {
      flush();
      const ordered = /^\s*\d+[.)]\s+/.test(line);
      const items: string[] = [];
      while (i < lines.length && /^\s*([-*+]|\d+[.)])\s+/.test(lines[i] ?? '')) {
        items.push((lines[i] ?? '').replace(/^\s*([-*+]|\d+[.)])\s+/, ''));
        i++;
      }
      i--;
      blocks.push({ kind: 'list', ordered, items });
    } else if (line.startsWith('>')) {
      flush();
      const quote: string[] = [];
      while (i < lines.length && (lines[i] ?? '').startsWith('>')) {
        quote.push((lines[i] ?? '').replace(/^>\s?/, ''));
        i++;
      }
      i--;
      blocks.push({ kind: 'quote', text: quote.join(' ') });
    } else {
      paragraph.push(line.trim());
    }
  }
  flush();
  // The page title is the h1: the text's own top heading level becomes h2, deeper ones follow
  // without gaps (an editor writing '###' or '##' first still gets an h2), at most h4.
  const top = Math.min(...blocks.map((block) => (block.kind === 'heading' ? block.level : 7)));
  for (const block of blocks) {
    if (block.kind === 'heading') block.level = Math.min(4, block.level - top + 2) as 2 | 3 | 4;
  }
  return blocks;
}

/** Links in the text: the site's allow-list (lib/safe-link.ts), plus anchors within the page. */
const safeHref = (href: string) =>
  href.startsWith('#') ? !hasUnsafeCharacter(href) : linkKind(href) !== null;

/** Inline markup: **bold**, *italic* / _italic_, `code`, [text](href). */
export function renderInline(text: string, keyPrefix = 'i'): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /(\*\*([^*]+)\*\*)|(`([^`]+)`)|(\[([^\]]+)\]\(([^)\s]+)\))|(\*([^*]+)\*)|(_([^_]+)_)/g;
  let last = 0;
  let match: RegExpExecArray | null = pattern.exec(text);
  let n = 0;
  while (match) {
    if (match.index > last) out.push(text.slice(last, match.index));
    const key = `${keyPrefix}-${n++}`;
    if (match[2] !== undefined) out.push(<strong key={key}>{renderInline(match[2], key)}</strong>);
    else if (match[4] !== undefined) out.push(<code key={key}>{match[4]}</code>);
    else if (match[6] !== undefined && match[7] !== undefined) {
      const href = match[7];
      const label = renderInline(match[6], key);
      if (!safeHref(href)) out.push(...label);
      else if (href.startsWith('/'))
        out.push(
          <Link key={key} to={href}>
            {label}
          </Link>,
        );
      else
        out.push(
          <a key={key} href={href} rel="noopener noreferrer">
            {label}
          </a>,
        );
    } else if (match[9] !== undefined) out.push(<em key={key}>{renderInline(match[9], key)}</em>);
    else if (match[11] !== undefined) out.push(<em key={key}>{renderInline(match[11], key)}</em>);
    last = match.index + match[0].length;
    match = pattern.exec(text);
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** 'Algemene voorwaarden' -> 'algemene-voorwaarden': heading ids for links such as /over-ons#privacy. */
export const headingId = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function Markdown({ source }: { source: string }) {
  const { hash } = useLocation();
  // The text arrives after navigation, so the browser could not scroll to the anchor itself.
  useEffect(() => {
    if (!hash) return;
    // A malformed fragment (#%E0) is ignored instead of throwing and taking the page down.
    const id = fragmentId(hash);
    if (id) document.getElementById(id)?.scrollIntoView();
  }, [hash]);

  return (
    <div
      css={css`
        max-width: 70ch;
        & > * + * {
          margin-top: 1em;
        }
        blockquote {
          margin-left: 0;
          padding-left: 16px;
          border-left: 4px solid ${colors.border};
        }
      `}
    >
      {parseBlocks(source).map((block, index) => {
        const key = `b${index}`;
        switch (block.kind) {
          case 'heading': {
            const Tag = `h${block.level}` as const;
            return (
              <Tag key={key} id={headingId(block.text)}>
                {renderInline(block.text, key)}
              </Tag>
            );
          }
          case 'list': {
            const Tag = block.ordered ? 'ol' : 'ul';
            return (
              <Tag key={key}>
                {block.items.map((item, itemIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
                  <li key={itemIndex}>{renderInline(item, `${key}-${itemIndex}`)}</li>
                ))}
              </Tag>
            );
          }
          case 'quote':
            return <blockquote key={key}>{renderInline(block.text, key)}</blockquote>;
          default:
            return <p key={key}>{renderInline(block.text, key)}</p>;
        }
      })}
    </div>
  );
}
