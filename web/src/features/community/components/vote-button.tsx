import { css } from '@emotion/react';
import { colors, fontSize } from '../../../components/ui/theme.ts';
import { karmaLabel } from '../../../lib/format.ts';
import { nlCommunity } from '../../../messages/community.ts';
import { useVote, type Votable } from '../api/vote.ts';

/** '▲ 3 PUNTEN' as a toggle button (aria-pressed), with the Dutch error of a failed vote under it. */
export function VoteButton({ kind, item: cached }: { kind: 'post' | 'comment'; item: Votable }) {
  const { toggle, error, shown } = useVote(kind, cached);
  const item = shown ?? cached;
  const label = item.hasUpvoted ? nlCommunity.undoUpvote : nlCommunity.upvote;
  return (
    <span
      css={css`
        display: inline-flex;
        flex-direction: column;
        align-items: flex-start;
      `}
    >
      <button
        type="button"
        aria-pressed={item.hasUpvoted}
        // One name; aria-pressed says whether the member's vote is in (a name that changes too would
        // be read as 'Stem intrekken, ingedrukt').
        aria-label={`${nlCommunity.upvote}: ${karmaLabel(item.points)}`}
        title={label}
        onClick={toggle}
        css={css`
          display: inline-flex;
          align-items: center;
          gap: 6px;
          min-height: 40px;
          padding: 4px 10px;
          border-radius: 18px;
          border: 1px solid ${item.hasUpvoted ? colors.primary : colors.border};
          background: ${item.hasUpvoted ? colors.primary : colors.background};
          color: ${item.hasUpvoted ? colors.onPrimary : colors.text};
          font: inherit;
          font-size: ${fontSize.sm};
          font-weight: 700;
          letter-spacing: 0.02em;
          cursor: pointer;
          &:hover {
            border-color: ${colors.primary};
          }
        `}
      >
        <span aria-hidden="true">▲</span>
        <span>{karmaLabel(item.points)}</span>
      </button>
      {error ? (
        <span
          role="alert"
          css={css`
            color: ${colors.error};
            font-size: ${fontSize.sm};
          `}
        >
          {error}
        </span>
      ) : null}
    </span>
  );
}
