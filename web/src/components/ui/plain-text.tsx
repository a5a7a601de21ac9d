/**
 * Member-written text (posts, comments, chat): plain text only. Blank lines make paragraphs, single
 * line breaks stay, and web addresses become links (linkify-it, the link finder of markdown-it: it
 * knows top-level domains and leaves trailing punctuation out of the link). Nothing is ever
 * interpreted as HTML: React escapes every piece of text.
 */
import { css } from '@emotion/react';
import type { MentionedMember } from '@kring/contract';
import { LinkifyIt } from 'linkify-it';
import type { ReactNode } from 'react';
import { withMentions } from './mention-link.tsx';

const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: false });
/** Only web links: a `javascript:` or `data:` address in a member's text stays plain text. */
const safeUrl = (url: string) => /^https?:\/\//i.test(url);

/** Members' links are theirs, not ours: no ranking credit, no access to this window. */
export const memberLinkRel = 'nofollow ugc noopener noreferrer';

function linkified(text: string, key: string, mentions: readonly MentionedMember[]): ReactNode[] {
  const matches = linkify.match(text) ?? [];
  const parts: ReactNode[] = [];
  let at = 0;
  // The text between links may hold `@name`s (never inside a link: an address stays one link).
  const plain = (piece: string) => parts.push(...withMentions(piece, mentions, `${key}-${at}`));
  for (const match of matches) {
    if (!safeUrl(match.url)) continue;
    if (match.index > at) plain(text.slice(at, match.index));
    parts.push(
      <a key={`${key}-${match.index}`} href={match.url} rel={memberLinkRel} target="_blank">
        {match.text}
      </a>,
    );
    at = match.lastIndex;
  }
  if (at < text.length) plain(text.slice(at));
  return parts;
}

/** Paragraphs of member text, each with its line breaks kept; `mentions` become profile links. */
export function PlainText({
  text,
  className,
  mentions = [],
}: {
  text: string;
  className?: string;
  /** The members the text mentions, as the API lists them (post.mentions, comment.mentions). */
  mentions?: readonly MentionedMember[];
}) {
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
        <p key={i}>{linkified(paragraph, String(i), mentions)}</p>
      ))}
    </div>
  );
}
