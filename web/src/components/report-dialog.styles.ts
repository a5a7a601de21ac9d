import { css } from '@emotion/react';

export const intro = css`
  margin-top: 0;
`;

export const reasons = css`
  border: 0;
  padding: 0;
  margin: 0 0 12px;
  label {
    display: flex;
    gap: 8px;
    align-items: center;
    min-height: 36px;
  }
  input {
    width: 18px;
    height: 18px;
  }
`;

export const legend = css`
  font-weight: 600;
  margin-bottom: 4px;
`;
