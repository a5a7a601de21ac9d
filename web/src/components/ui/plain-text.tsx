/**
 * Member-written text (posts, comments, chat): plain text only. Blank lines make paragraphs, single
 * line breaks stay, and web addresses become links (linkify-it, the link finder of markdown-it: it
 * knows top-level domains and leaves trailing punctuation out of the link). Nothing is ever
 * interpreted as HTML: React escapes every piece of text.
 */
import { css } from '@emotion/react';
import { LinkifyIt } from 'linkify-it';
import type { ReactNode } from 'react';

const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: false });
/** Only web links: a `javascript:` or `data:` address in a member's text stays plain text. */
const safeUrl = (url: string) => /^https?:\/\//i.test(url);

/** Members' links are theirs, not ours: no ranking credit, no access to this window. */
export const memberLinkRel = 'nofollow ugc noopener noreferrer';

export function linkified(text: string, key: string): ReactNode[] {
  const matches = linkify.match(text) ?? [];
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of matches) {
    if (!safeUrl(match.url)) continue;
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push(
      <a key={`${key}-${match.index}`} href={match.url} rel={memberLinkRel} target="_blank">
        {match.text}
      </a>,
    );
    at = match.lastIndex;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/** Paragraphs of member text, each with its line breaks kept. */
export function PlainText({ text, className }: { text: string; className?: string }) {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.replace(/^\n+|\n+$/g, ''))
    .filter((p) => p.trim() !== '');
  return (
    <div
      className={className}
      css={css`
        overflow-wrap: anywhere;
        p {
          margin: 0 0 0.75em;
          white-space: pre-line;
        }
        p:last-child {
          margin-bottom: 0;
        }
      `}
    >
      {paragraphs.map((paragraph, i) => (
        // Paragraphs of one text never reorder, so their index is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <p key={i}>{linkified(paragraph, String(i))}</p>
      ))}
    </div>
  );
}
