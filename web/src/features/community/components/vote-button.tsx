import { css } from '@emotion/react';
import { colors, fontSize } from '../../../components/ui/theme.ts';
import { karmaLabel } from '../../../lib/format.ts';
import { nlCommunity } from '../../../messages/community.ts';
import { useVote, type Votable } from '../api/vote.ts';

/**
 * The styles are fixed, the pressed look hangs on `aria-pressed`: a vote changes one attribute, not
 * the button's class, so the click's frame neither builds nor inserts a style rule (issue 26).
 */
const wrap = css`
  display: inline-flex;
  flex-direction: column;
  align-items: flex-start;
`;
const button = css`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 40px;
  padding: 4px 10px;
  border-radius: 18px;
  border: 1px solid ${colors.border};
  background: ${colors.background};
  color: ${colors.text};
  font: inherit;
  font-size: ${fontSize.sm};
  font-weight: 700;
  letter-spacing: 0.02em;
  cursor: pointer;
  &:hover {
    border-color: ${colors.primary};
  }
  &[aria-pressed='true'] {
    border-color: ${colors.primary};
    background: ${colors.primary};
    color: ${colors.onPrimary};
  }
`;
const alert = css`
  color: ${colors.error};
  font-size: ${fontSize.sm};
`;

/** '▲ 3 PUNTEN' as a toggle button (aria-pressed), with the Dutch error of a failed vote under it. */
export function VoteButton({ kind, item: cached }: { kind: 'post' | 'comment'; item: Votable }) {
  const { toggle, error, shown } = useVote(kind, cached);
  const item = shown ?? cached;
  const label = item.hasUpvoted ? nlCommunity.undoUpvote : nlCommunity.upvote;
  return (
    <span css={wrap}>
      <button
        type="button"
        aria-pressed={item.hasUpvoted}
        // One name; aria-pressed says whether the member's vote is in (a name that changes too would
        // be read as 'Stem intrekken, ingedrukt').
        aria-label={`${nlCommunity.upvote}: ${karmaLabel(item.points)}`}
        title={label}
        onClick={toggle}
        css={button}
      >
        <span aria-hidden="true">▲</span>
        <span>{karmaLabel(item.points)}</span>
      </button>
      {error ? (
        <span role="alert" css={alert}>
          {error}
        </span>
      ) : null}
    </span>
  );
}
