/**
 * A mentioned member in member text: `@name` as a link to their profile. `withMentions` turns a
 * piece of text into strings and these links (lib/mentions.ts finds them), for PlainText and for
 * any other renderer's text nodes.
 */
import { css } from '@emotion/react';
import type { MentionedMember } from '@kring/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { mentionParts } from '../../lib/mentions.ts';
import { paths } from '../../lib/paths.ts';

const mentionStyle = css`
  font-weight: 600;
  text-decoration: none;
  &:hover,
  &:focus-visible {
    text-decoration: underline;
  }
`;

export function MentionLink({ member, text }: { member: MentionedMember; text: string }) {
  return (
    <Link to={paths.community.profile(member.id)} css={mentionStyle}>
      {text}
    </Link>
  );
}

/** The text with each mention of `mentions` as a MentionLink; keys start with `key`. */
export function withMentions(text: string, mentions: readonly MentionedMember[], key: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let offset = 0;
  for (const part of mentionParts(text, mentions)) {
    // Keyed by where the part starts in the text: stable while the text is.
    nodes.push(
      typeof part === 'string' ? (
        part
      ) : (
        <MentionLink key={`${key}-${offset}`} member={part.member} text={part.text} />
      ),
    );
    offset += typeof part === 'string' ? part.length : part.text.length;
  }
  return nodes;
}
