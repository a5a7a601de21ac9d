import { css } from '@emotion/react';

/** Room for every step's message, so the page does not jump; focused only by script. */
export const panel = css`
  min-height: 160px;
  &:focus {
    outline: none;
  }
`;

export const manage = css`
  margin-top: 24px;
`;
