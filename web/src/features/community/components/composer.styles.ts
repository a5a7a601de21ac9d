import { css } from '@emotion/react';
import { colors } from '../../../components/ui/theme.ts';

/** 'Je bericht is geplaatst.': takes no room until it says something. */
export const posted = css`
  margin: 0;
  &:not(:empty) {
    margin-top: 8px;
    color: ${colors.success};
    font-weight: 600;
  }
`;

export const panel = css`
  padding: 16px;
  border: 1px solid ${colors.border};
  border-radius: 8px;
  background: ${colors.background};
`;
