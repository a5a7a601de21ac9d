import { css } from '@emotion/react';
import { colors } from '../../../components/ui/theme.ts';

export const list = css`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

export const centred = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 8px;
  padding: 24px 0 8px;
`;

export const empty = css`
  color: ${colors.muted};
`;

/** 'N nieuwe berichten': stays in view under the sticky header while the member reads on. */
export const arrivals = css`
  position: sticky;
  top: 72px;
  z-index: 5;
  display: flex;
  justify-content: center;
  margin-bottom: 12px;
  pointer-events: none;
  button {
    pointer-events: auto;
    box-shadow: 0 2px 8px rgba(0, 0, 0, 0.2);
  }
`;

/** Under the last post: the member has seen the whole list. */
export const endOfList = css`
  margin: 24px 0 8px;
  text-align: center;
  color: ${colors.muted};
`;
