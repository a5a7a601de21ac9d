import { css } from '@emotion/react';

/** A spinner with its line of text beside it. */
export const spinnerLine = css`
  display: flex;
  gap: 12px;
  align-items: center;
`;
