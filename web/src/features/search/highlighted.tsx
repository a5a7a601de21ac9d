import { css } from '@emotion/react';
import type { Highlight } from '@kring/contract';
import { colors } from '../../components/ui/theme.ts';

const markStyle = css`
  background: ${colors.searchMatch};
  color: inherit;
  padding: 0 1px;
  border-radius: 2px;
`;

/** Result text with the matched words in <mark>; the server sends plain text pieces, never HTML. */
export function Highlighted({ parts }: { parts: Highlight }) {
  return (
    <>
      {parts.map((part, i) =>
        part.mark ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces never reorder
          <mark key={i} css={markStyle}>
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces never reorder
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
