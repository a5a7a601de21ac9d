import { css } from '@emotion/react';
import { colors } from '../../../components/ui/theme.ts';

export const form = css`
  & > div {
    margin-bottom: 8px;
  }
`;

/** The counter past the limit. */
export const over = css`
  color: ${colors.error};
  font-weight: 600;
`;

/** The text box and its `@` list, which is placed under the box. */
export const field = css`
  position: relative;
`;
